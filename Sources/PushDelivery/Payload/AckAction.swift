import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Acknowledge action of an alarm's notification, the same on every platform: the category
/// the apps register the action under, the path of the API to acknowledge at, and the slot of the
/// device's ``AckToken`` (docs/push-notifications.md, "Acknowledge").
struct AckAction: Sendable, Hashable {
    /// The APNs `aps.category` and Android `click_action` of alarms: the apps register their
    /// Acknowledge action under it.
    static let category = "HOWALARMING_ALARM"

    /// `/v1/alarms/<event id>/ack`: where the app posts the token, on the API it registered with.
    let path: String

    /// The action of `event`'s notification; `nil` for anything but an alarm.
    init?(event: AlarmEvent) {
        guard event.type == .alarm else { return nil }
        path = "/v1/alarms/\(event.stableID.uuidString.lowercased())/ack"
    }

    /// The payload's members: `ack_path`, and `ack_token` holding the ``AckTokenSlot`` placeholder.
    var members: [JSONMember] {
        [
            JSONMember(key: "ack_path", value: .string(path)),
            JSONMember(key: AckTokenSlot.key, value: .string(AckTokenSlot.placeholder)),
        ]
    }
}
