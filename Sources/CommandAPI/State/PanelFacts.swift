public import AlarmCore

/// The arming state of one partition.
public enum ArmingState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Armed (any mode).
    case armed
    /// Disarmed.
    case disarmed
    /// In alarm: from the alarm until it is disarmed.
    case alarm
    /// Seen in events, but no arming event yet.
    case unknown
}

/// The state of the panel link (the integrator's connection to the panel).
public enum LinkState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Logged in.
    case up
    /// Lost.
    case down
    /// No link event seen yet.
    case unknown
}

/// What the events said last about one thing (a partition, a zone, a trouble, the link), with
/// when and by which event.
public struct Fact<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// The value.
    public var value: Value
    /// The event's `timestamp`.
    public var since: Int64
    /// The event's `message`.
    public var message: String
    /// The event's place in its producer's order.
    public var stamp: EventStamp
}

/// What identifies a trouble: its opening code and what it concerns.
public struct TroubleKey: Sendable, Hashable, Codable, Comparable {
    /// The code of the event that opens it, such as `"802"`.
    public var code: String
    /// The partition it concerns, if any.
    public var partition: Int?
    /// The zone it concerns, if any.
    public var zone: Int?

    public static func < (lhs: TroubleKey, rhs: TroubleKey) -> Bool {
        (lhs.code, lhs.partition ?? 0, lhs.zone ?? 0) < (rhs.code, rhs.partition ?? 0, rhs.zone ?? 0)
    }
}

/// A zone's open/closed state and name.
public struct ZoneFact: Sendable, Hashable, Codable {
    /// Whether it is open.
    public var open: Bool
    /// Its configured name, from the event's `zone_name`.
    public var name: String?
    /// The partition, from the event.
    public var partition: Int?
}
