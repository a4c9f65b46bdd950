import AlarmCore

/// How each event type is presented: the table behind the headers and payloads.
///
/// | type | urgent (APNs 10, Android high) | kept while offline | collapses with | iOS level | thread |
/// |---|---|---|---|---|---|
/// | alarm | yes | lifetime | its own redeliveries | time-sensitive (critical if configured) | alarm |
/// | an escalation (info `escalation`), titled "Alarm" | yes | lifetime | its own redeliveries | time-sensitive (critical if configured) | alarm |
/// | fault | yes | lifetime | its own redeliveries | time-sensitive | alarm |
/// | recovery | no | lifetime | its own redeliveries | active | alarm |
/// | armed, disarmed | no | no (`apns-expiration: 0`, `ttl: 0s`) | the partition's previous state | active | state |
/// | info, command, response, unknown | no | lifetime | its own redeliveries | passive, silent | info |
/// | the canary (info `canary`) | no, and Web Push `low` | lifetime | its own redeliveries | passive, silent | info |
struct NotificationProfile: Sendable, Hashable {
    /// How soon the providers should deliver: APNs priority 10 or 5, Android `high` or `normal`,
    /// Web Push `Urgency`.
    enum Urgency: String, Sendable {
        /// At once, waking the phone.
        case high
        /// When convenient for the phone.
        case normal
        /// When convenient, and for Web Push only while the device is on power or Wi-Fi.
        case low
    }

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
    let urgency: Urgency
    /// Kept for ``NotificationPolicy/lifetime`` while the phone is offline, rather than dropped.
    let kept: Bool
    let collapse: Collapse
    let level: InterruptionLevel
    /// iOS `thread-id`: notifications with the same one are grouped.
    let threadID: String

    /// Delivered at once (APNs priority 10, Android `high`) rather than when convenient.
    var urgent: Bool { urgency == .high }

    /// Whether the notification plays a sound.
    var audible: Bool { level != .passive }

    /// The row for `event`: its type's, the canary's, or for an escalation the alarm's.
    static func profile(for event: AlarmEvent) -> NotificationProfile {
        guard !event.isCanary else {
            return Self(
                title: "Test", urgency: .low, kept: true, collapse: .event, level: .passive, threadID: "info")
        }
        guard !event.isEscalation else { return alarm }
        return switch event.type {
        case .alarm: alarm
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

    private static let alarm = alert("Alarm", urgent: true, level: .timeSensitive)

    private static func alert(_ title: String, urgent: Bool, level: InterruptionLevel) -> Self {
        Self(title: title, urgency: urgent ? .high : .normal, kept: true, collapse: .event, level: level, threadID: "alarm")
    }

    private static func state(_ title: String) -> Self {
        Self(title: title, urgency: .normal, kept: false, collapse: .partitionState, level: .active, threadID: "state")
    }

    private static func notice(_ title: String) -> Self {
        Self(title: title, urgency: .normal, kept: true, collapse: .event, level: .passive, threadID: "info")
    }
}
