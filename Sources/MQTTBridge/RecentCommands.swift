/// The commands the bridge put on the command tube lately, so that a QoS 1 command the broker
/// delivers again (DUP set: the bridge's acknowledgement did not reach it) is not put twice.
public struct RecentCommands: Sendable {
    private struct Key: Hashable {
        var topic: String
        var payload: [UInt8]
        var packetID: UInt16
    }

    /// How long a command is remembered, in seconds: a copy delivered later would be refused as
    /// expired anyway.
    public let retention: Int64
    private var handled: [Key: Int64] = [:]

    /// Remembers commands for `retention` seconds.
    public init(retention: Int64) {
        self.retention = retention
    }

    /// Whether the message is a redelivered copy (`duplicate`) of a command put on the tube
    /// within the retention.
    public func isRedelivery(topic: String, payload: [UInt8], packetID: UInt16?, duplicate: Bool, now: Int64) -> Bool {
        guard duplicate, let packetID, let at = handled[Key(topic: topic, payload: payload, packetID: packetID)] else {
            return false
        }
        return now - at <= retention
    }

    /// Records that the command was put on the tube at `now`, and forgets those past the retention.
    public mutating func record(topic: String, payload: [UInt8], packetID: UInt16?, now: Int64) {
        guard let packetID else { return }
        handled = handled.filter { now - $0.value <= retention }
        handled[Key(topic: topic, payload: payload, packetID: packetID)] = now
    }
}
