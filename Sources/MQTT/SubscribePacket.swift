/// One topic filter of a SUBSCRIBE, with the highest QoS the client wants for it.
public struct Subscription: Hashable, Sendable, CustomStringConvertible {
    public let filter: TopicFilter
    public let qos: QoS

    public init(_ filter: TopicFilter, qos: QoS) {
        self.filter = filter
        self.qos = qos
    }

    public var description: String { "\(filter) (\(qos))" }
}

/// SUBSCRIBE (§3.8): one or more filters [MQTT-3.8.3-3], answered by a SUBACK with the same
/// packet identifier.
public struct SubscribePacket: Hashable, Sendable, CustomStringConvertible {
    public let packetID: PacketID
    public let subscriptions: [Subscription]

    /// Refuses an empty list, and one too large for a single packet.
    public init(packetID: PacketID, subscriptions: [Subscription]) throws(MQTTError) {
        guard !subscriptions.isEmpty else { throw MQTTError(.invalidArgument, "SUBSCRIBE needs at least one topic filter") }
        self.init(packetID: packetID, validated: subscriptions)
        guard remainingLength <= RemainingLength.maximum else {
            throw MQTTError(.packetTooLarge, "SUBSCRIBE with \(subscriptions.count) filters is over MQTT's 256 MiB")
        }
    }

    /// A packet whose list the caller knows to be non-empty and to fit.
    init(packetID: PacketID, validated subscriptions: [Subscription]) {
        self.packetID = packetID
        self.subscriptions = subscriptions
    }

    /// Packet identifier, then per filter its length-prefixed string and the QoS byte.
    var remainingLength: Int {
        subscriptions.reduce(2) { $0 + 2 + $1.filter.rawValue.utf8.count + 1 }
    }

    public var description: String {
        "SUBSCRIBE id=\(packetID) \(subscriptions.map(\.description).joined(separator: ", "))"
    }
}
