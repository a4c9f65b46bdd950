/// UNSUBSCRIBE (§3.10): one or more filters [MQTT-3.10.3-2], always answered by an UNSUBACK
/// with the same packet identifier.
public struct UnsubscribePacket: Hashable, Sendable, CustomStringConvertible {
    public let packetID: PacketID
    public let filters: [TopicFilter]

    /// Refuses an empty list, and one too large for a single packet.
    public init(packetID: PacketID, filters: [TopicFilter]) throws(MQTTError) {
        guard !filters.isEmpty else { throw MQTTError(.invalidArgument, "UNSUBSCRIBE needs at least one topic filter") }
        self.packetID = packetID
        self.filters = filters
        guard remainingLength <= RemainingLength.maximum else {
            throw MQTTError(.packetTooLarge, "UNSUBSCRIBE with \(filters.count) filters is over MQTT's 256 MiB")
        }
    }

    /// Packet identifier, then each filter as a length-prefixed string.
    var remainingLength: Int {
        filters.reduce(2) { $0 + 2 + $1.rawValue.utf8.count }
    }

    public var description: String {
        "UNSUBSCRIBE id=\(packetID) \(filters.map(\.description).joined(separator: ", "))"
    }
}
