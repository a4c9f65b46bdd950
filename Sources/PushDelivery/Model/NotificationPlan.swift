import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One event's notification settings, resolved from its type's ``NotificationProfile``, the
/// ``NotificationPolicy`` and the time: what both providers' builders write.
struct NotificationPlan: Sendable {
    let profile: NotificationProfile
    let policy: NotificationPolicy
    /// iOS `interruption-level`: the profile's, or `critical` for alarms and escalations when so
    /// configured.
    let level: NotificationProfile.InterruptionLevel
    /// `apns-expiration`: Unix seconds until which APNs keeps the notification (its lifetime
    /// after it was issued), 0 for "now or never".
    let expiration: Int64
    /// How long FCM keeps the message, in whole seconds (`android.ttl`): what is left of its
    /// lifetime at `now`.
    let timeToLive: Int64
    /// `apns-collapse-id` and `android.notification.tag` (and, for the partition's state only,
    /// `android.collapse_key`).
    let collapseID: String
    /// The Acknowledge action, for alarms and escalations.
    let ackAction: AckAction?

    /// The longest time FCM keeps a message: 4 weeks.
    static let longestLifetime: Int64 = 2_419_200

    /// The plan for `event` sent at `now`; its lifetime runs from `issuedAt` (when the event was
    /// queued for delivery: retries do not extend it), `now` when not given.
    init(event: AlarmEvent, policy: NotificationPolicy, now: Date, issuedAt: Date? = nil) {
        let profile = NotificationProfile.profile(for: event)
        self.profile = profile
        self.policy = policy
        level = event.notifiesAsAlarm && policy.criticalAlarms ? .critical : profile.level
        let lifetime = min(max(0, policy.lifetime.components.seconds), Self.longestLifetime)
        let issued = Int64((issuedAt ?? now).timeIntervalSince1970.rounded(.down))
        let current = Int64(now.timeIntervalSince1970.rounded(.down))
        let end = issued + lifetime
        timeToLive = profile.kept ? max(0, end - current) : 0
        expiration = profile.kept && end > current ? end : 0
        collapseID =
            switch profile.collapse {
            case .event: event.stableID.uuidString.lowercased()
            case .partitionState: event.partition.map { "state-\($0)" } ?? "state"
            }
        ackAction = AckAction(event: event)
    }

    /// `apns-priority`: 10 to deliver at once, 5 when convenient for the phone.
    var apnsPriority: Int { profile.urgent ? 10 : 5 }

    /// `android.priority`.
    var androidPriority: String { profile.urgent ? "high" : "normal" }

    /// The `aps` dictionary without `alert`: sound, grouping, interruption level, and for alarms
    /// and escalations the category of the Acknowledge action.
    var apsMembers: [JSONMember] {
        JSONMember.list([
            ("sound", profile.audible ? sound : nil),
            ("thread-id", .string(profile.threadID)),
            ("interruption-level", .string(level.rawValue)),
            ("category", ackAction.map { _ in .string(AckAction.category) }),
        ])
    }

    /// `aps.sound`: the file name, or for critical alerts the critical sound dictionary.
    private var sound: JSONNode {
        guard level == .critical else { return .string(policy.sound) }
        let volume = policy.criticalVolume.isNaN ? 1 : min(max(policy.criticalVolume, 0), 1)
        return .object(
            JSONMember.list([("critical", .integer(1)), ("name", .string(policy.sound)), ("volume", .number(volume))]))
    }
}
