import AlarmCore

/// How each event type is presented: the table behind the headers and payloads.
///
/// | type | urgent (APNs 10, Android high) | kept while offline | collapses with | iOS level | thread |
/// |---|---|---|---|---|---|
/// | alarm | yes | lifetime | its own redeliveries | time-sensitive (critical if configured) | alarm |
/// | fault | yes | lifetime | its own redeliveries | time-sensitive | alarm |
/// | recovery | no | lifetime | its own redeliveries | active | alarm |
/// | armed, disarmed | no | no (`apns-expiration: 0`, `ttl: 0s`) | the partition's previous state | active | state |
/// | info, command, response, unknown | no | lifetime | its own redeliveries | passive, silent | info |
struct NotificationProfile: Sendable, Hashable {
    /// iOS `interruption-level` values.
    enum InterruptionLevel: String, Sendable {
        case passive
        case active
        case timeSensitive = "time-sensitive"
        case critical
    }

    /// What the collapse id (`apns-collapse-id`, `android.notification.tag`) is.
    enum Collapse: Sendable {
        /// The event's delivery id: a redelivered or retried notification replaces itself.
        case event
        /// One per partition: a new armed/disarmed notification replaces the previous one.
        case partitionState
    }

    /// The notification title.
    let title: String
    /// Delivered at once (APNs priority 10, Android `high`) rather than when convenient.
    let urgent: Bool
    /// Kept for ``NotificationPolicy/lifetime`` while the phone is offline, rather than dropped.
    let kept: Bool
    let collapse: Collapse
    let level: InterruptionLevel
    /// iOS `thread-id`: notifications with the same one are grouped.
    let threadID: String

    /// Whether the notification plays a sound.
    var audible: Bool { level != .passive }

    /// The row for `type`.
    static func profile(for type: EventType) -> NotificationProfile {
        switch type {
        case .alarm: alert("Alarm", urgent: true, level: .timeSensitive)
        case .fault: alert("Fault", urgent: true, level: .timeSensitive)
        case .recovery: alert("Recovered", urgent: false, level: .active)
        case .armed: state("Armed")
        case .disarmed: state("Disarmed")
        case .info: notice("Info")
        case .command: notice("Command")
        case .response: notice("Response")
        case .unknown: notice("Event")
        }
    }

    private static func alert(_ title: String, urgent: Bool, level: InterruptionLevel) -> Self {
        Self(title: title, urgent: urgent, kept: true, collapse: .event, level: level, threadID: "alarm")
    }

    private static func state(_ title: String) -> Self {
        Self(title: title, urgent: false, kept: false, collapse: .partitionState, level: .active, threadID: "state")
    }

    private static func notice(_ title: String) -> Self {
        Self(title: title, urgent: false, kept: true, collapse: .event, level: .passive, threadID: "info")
    }
}
