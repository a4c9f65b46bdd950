import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Acknowledge action of an alarm's notification, and of an escalation's (which acknowledges
/// the escalated alarm), the same on every platform: the category the apps register the action
/// under, the path of the API to acknowledge at, and the slot of the device's ``AckToken``
/// (docs/push-notifications.md, "Acknowledge").
struct AckAction: Sendable, Hashable {
    /// The APNs `aps.category` and Android `click_action` of alarms and escalations: the apps
    /// register their Acknowledge action under it.
    static let category = "HOWALARMING_ALARM"

    /// `/v1/alarms/<alarm id>/ack`: where the app posts the token, on the API it registered with.
    let path: String

    /// The action of `event`'s notification: for an alarm, acknowledging it; for an escalation,
    /// the alarm it escalates (its `raw`). `nil` for anything else, and for an escalation whose
    /// `raw` is not a UUID.
    init?(event: AlarmEvent) {
        guard let alarmID = event.type == .alarm ? event.stableID : event.escalatedAlarmID else { return nil }
        path = "/v1/alarms/\(alarmID.uuidString.lowercased())/ack"
    }

    /// The payload's members: `ack_path`, and `ack_token` holding the ``AckTokenSlot`` placeholder.
    var members: [JSONMember] {
        [
            JSONMember(key: "ack_path", value: .string(path)),
            JSONMember(key: AckTokenSlot.key, value: .string(AckTokenSlot.placeholder)),
        ]
    }
}
