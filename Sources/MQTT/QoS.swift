/// A quality of service level (§4.3). This client publishes and subscribes at most at
/// ``atLeastOnce``; ``exactlyOnce`` exists because a server may name it on the wire.
public enum QoS: UInt8, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// QoS 0: fire and forget, no acknowledgement.
    case atMostOnce = 0
    /// QoS 1: acknowledged with PUBACK; may arrive more than once.
    case atLeastOnce = 1
    /// QoS 2: the four-packet handshake (not used by this client).
    case exactlyOnce = 2

    public static func < (lhs: QoS, rhs: QoS) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "QoS \(rawValue)" }
}
