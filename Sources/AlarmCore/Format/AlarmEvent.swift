#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One alarm event, as the alarm integrator puts it on every event tube.
///
/// The first five fields are the original HowAlarming format, which every consumer, old or new,
/// reads. The others are optional additions: old consumers ignore them, and old producers
/// do not send them. See `docs/event-format.md` for the full format.
///
/// The initialiser does not check value ranges; call ``validate()`` before publishing
/// values that come from outside (decoding always validates).
public struct AlarmEvent: Sendable, Hashable {
    /// What kind of event this is.
    public var type: EventType
    /// The integrator-specific event code, for example the panel's `"609"`; `"???"` when unknown.
    public var code: String
    /// A human-readable description of the event.
    public var message: String
    /// The raw data the panel sent, for diagnosis.
    public var raw: String
    /// When the event happened, in Unix seconds.
    public var timestamp: Int64
    /// A unique identifier for de-duplication; `nil` only for events from old producers.
    public var id: UUID?
    /// The producer's name, for example `"howalarming-envisalink"`.
    public var source: String?
    /// A number that increases with every event from the same ``source``, for ordering.
    public var sequence: UInt64?
    /// The panel partition the event concerns, in ``FormatLimits/partitions``.
    public var partition: Int?
    /// The zone (sensor) the event concerns, in ``FormatLimits/zones``.
    public var zone: Int?
    /// The configured name of ``zone``, for example `"Front door"` (JSON `zone_name`).
    public var zoneName: String?
    /// The panel user (access code) number that caused the event, in ``FormatLimits/users``.
    public var user: Int?
    /// The configured name of ``user``, for example `"Anna"` (JSON `user_name`; never a code).
    public var userName: String?
    /// For `command` echoes and `response` events: the ``AlarmCommand/id`` of the command
    /// they answer (JSON `command_id`).
    public var commandID: UUID?
    /// For the `response` and the arming-failure `fault` that answer a command: the command's
    /// ``AlarmCommand/source`` (JSON `command_source`), so that its answer can go to whoever asked.
    public var commandSource: String?

    /// Creates an event; every field beyond the original five is optional.
    public init(
        type: EventType,
        code: String,
        message: String = "",
        raw: String = "",
        timestamp: Int64,
        id: UUID? = nil,
        source: String? = nil,
        sequence: UInt64? = nil,
        partition: Int? = nil,
        zone: Int? = nil,
        zoneName: String? = nil,
        user: Int? = nil,
        userName: String? = nil,
        commandID: UUID? = nil,
        commandSource: String? = nil
    ) {
        self.type = type
        self.code = code
        self.message = message
        self.raw = raw
        self.timestamp = timestamp
        self.id = id
        self.source = source
        self.sequence = sequence
        self.partition = partition
        self.zone = zone
        self.zoneName = zoneName
        self.user = user
        self.userName = userName
        self.commandID = commandID
        self.commandSource = commandSource
    }

    /// Throws the first value that is out of range: a negative ``timestamp``, or a
    /// ``partition``, ``zone`` or ``user`` outside ``FormatLimits``.
    public func validate() throws(FormatError) {
        try FormatLimits.checkTimestamp(timestamp)
        try FormatLimits.check(partition, in: FormatLimits.partitions, field: .partition)
        try FormatLimits.check(zone, in: FormatLimits.zones, field: .zone)
        try FormatLimits.check(user, in: FormatLimits.users, field: .user)
    }
}
