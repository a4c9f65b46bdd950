/// A packet identifier: non-zero [MQTT-2.3.1-1], carried by PUBLISH (QoS > 0), PUBACK,
/// SUBSCRIBE/SUBACK and UNSUBSCRIBE/UNSUBACK.
public struct PacketID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier, 1…65,535.
    public let value: UInt16

    /// The identifier `value`, or `nil` for 0, which MQTT forbids.
    public init?(_ value: UInt16) {
        guard value != 0 else { return nil }
        self.value = value
    }

    public var description: String { String(value) }
}
