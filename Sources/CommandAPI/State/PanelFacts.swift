public import AlarmCore
public import AlarmState

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

/// What identifies a trouble: its stable name (``Trouble``, as the MQTT bridge's topics name it)
/// and what it concerns.
public struct TroubleKey: Sendable, Hashable, Codable, Comparable {
    /// The trouble, such as ``Trouble/acPower`` (`ac_power`).
    public var trouble: Trouble
    /// The partition it concerns, if any (the trouble light, `840`/`841`; a zone tamper, `603`/`604`).
    public var partition: Int?
    /// The zone it concerns, if any (a zone's tamper, fault or low battery).
    public var zone: Int?

    /// `trouble` of `partition` and `zone`, when it concerns one.
    public init(_ trouble: Trouble, partition: Int? = nil, zone: Int? = nil) {
        self.trouble = trouble
        self.partition = partition
        self.zone = zone
    }

    /// In ``Trouble``'s order, then by partition and zone.
    public static func < (lhs: TroubleKey, rhs: TroubleKey) -> Bool {
        func order(_ key: TroubleKey) -> (Int, Int, Int) {
            (Trouble.allCases.firstIndex(of: key.trouble) ?? 0, key.partition ?? 0, key.zone ?? 0)
        }
        return order(lhs) < order(rhs)
    }
}

/// Whether a trouble is active, and the code of the event that said so last.
public struct TroubleFact: Sendable, Hashable, Codable {
    /// Whether the trouble is active.
    public var active: Bool
    /// The code of the event that began or ended it (`802`, `849` …).
    public var code: String
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
