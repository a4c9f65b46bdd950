/// What the server made of one filter of a SUBSCRIBE (§3.9.3).
public enum SubscribeResult: Hashable, Sendable, CustomStringConvertible {
    /// Subscribed, with this maximum QoS (possibly lower than asked for).
    case granted(QoS)
    /// Refused (`0x80`).
    case failure

    /// The refusal as an error naming `filter`, `nil` when granted.
    public func error(for filter: TopicFilter) -> MQTTError? {
        guard self == .failure else { return nil }
        return MQTTError(.subscriptionRefused, "the server refused the subscription to \(filter)")
    }

    public var description: String {
        switch self {
        case .granted(let qos): "granted \(qos)"
        case .failure: "failure"
        }
    }
}

/// SUBACK (§3.9): one result per filter of the SUBSCRIBE with the same packet identifier, in order.
public struct SubAckPacket: Hashable, Sendable, CustomStringConvertible {
    public let packetID: PacketID
    public let results: [SubscribeResult]

    public init(packetID: PacketID, results: [SubscribeResult]) {
        self.packetID = packetID
        self.results = results
    }

    public var description: String {
        "SUBACK id=\(packetID) \(results.map(\.description).joined(separator: ", "))"
    }
}
