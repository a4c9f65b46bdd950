public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What FCM gets for one event, the same for every device: the HTTP v1 `message` without its
/// `token`. ``request(projectID:deviceToken:)`` adds the device.
///
/// - `notification`: the event type as title, the message as body.
/// - `data`: every field of the event's canonical JSON under the same key, as strings (FCM
///   accepts only strings), as the original HowAlarming app read them; for alarms and escalations
///   also `ack_path` and the device's `ack_token`, and `android.notification.click_action` and
///   `aps.category` ``AckAction/category``, for the Acknowledge action.
/// - `android`: `priority` `high` for `alarm`, `fault` and escalations, otherwise `normal`; `ttl`
///   ``NotificationPolicy/lifetime``, or `0s` for `armed` and `disarmed`; `notification.tag` the
///   same collapse id as APNs gets, so that a redelivered notification replaces itself on the
///   phone; for alarms and escalations `notification_priority` `PRIORITY_MAX` and the configured
///   channel.
///   `collapse_key` only for `armed` and `disarmed`, whose key is the partition's: FCM keeps at
///   most four collapse keys per offline device, and a key per event could drop an alarm.
/// - `apns`, for iPhones registered through FCM: the `apns-priority`, `apns-expiration`,
///   `apns-push-type` and `apns-collapse-id` headers and the `aps` sound, thread and
///   interruption level that ``APNSNotification`` uses (FCM fills in the alert from `notification`).
///
/// The message without the token is at most ``payloadLimit`` bytes, shortened as
/// ``APNSNotification`` payloads are.
public struct FCMMessage: Sendable, Hashable {
    /// The largest message FCM accepts for a device, in bytes.
    public static let payloadLimit = 4096

    /// The event's ``AlarmCore/AlarmEvent/stableID``.
    public let eventID: UUID
    /// The members of `message` after `token`: a JSON object text; for an alarm or escalation, with the
    /// placeholder where each device's ack token goes.
    let fields: [UInt8]
    /// Where each device's ack token goes, for alarms and escalations.
    let ackSlot: AckTokenSlot?

    /// The message for `event` sent at `now`; kept by FCM for what is left at `now` of its
    /// lifetime after `issuedAt` (default `now`).
    public init(event: AlarmEvent, policy: NotificationPolicy = NotificationPolicy(), now: Date, issuedAt: Date? = nil) {
        let plan = NotificationPlan(event: event, policy: policy, now: now, issuedAt: issuedAt)
        eventID = event.stableID
        fields = PayloadBudget.fit(event, limit: Self.payloadLimit) { Self.encode($0, plan: plan).bytes }
        ackSlot = AckTokenSlot(in: fields)
    }

    /// Whether the message carries an Acknowledge action, which needs an ``AckToken`` per device.
    public var acknowledgeable: Bool { ackSlot != nil }

    /// The request that sends this message to one device of the Firebase project `projectID`;
    /// an alarm or escalation carries `ackToken`, the device's token for this send.
    public func request(projectID: String, deviceToken: String, ackToken: AckToken? = nil) -> FCMRequest {
        var body = Array(#"{"message":{"token":"#.utf8)
        JSONNode.string(deviceToken).write(into: &body)
        body.append(UInt8(ascii: ","))
        let fields = ackSlot.flatMap { slot in ackToken.map { slot.filling(self.fields, with: $0) } } ?? self.fields
        body.append(contentsOf: fields.dropFirst())
        body.append(UInt8(ascii: "}"))
        return FCMRequest(projectID: projectID, deviceToken: deviceToken, body: body)
    }

    private static func encode(_ event: AlarmEvent, plan: NotificationPlan) -> JSONNode {
        let alarm = event.notifiesAsAlarm
        let notification = JSONNode.object(
            JSONMember.list([
                ("title", .string(plan.profile.title)), ("body", .string(event.alertBody)),
            ]))
        let data = JSONNode.object(
            event.pushData.map { JSONMember(key: $0.key, value: .string($0.value)) } + (plan.ackAction?.members ?? []))
        let androidNotification = JSONNode.objectIfAny([
            ("tag", .string(plan.collapseID)),
            ("click_action", plan.ackAction.map { _ in .string(AckAction.category) }),
            ("channel_id", alarm ? plan.policy.androidAlarmChannel.map(JSONNode.string) : nil),
            ("notification_priority", alarm ? .string("PRIORITY_MAX") : nil),
        ])
        let android = JSONNode.object(
            JSONMember.list([
                ("priority", .string(plan.androidPriority)),
                ("ttl", .string("\(plan.timeToLive)s")),
                ("collapse_key", plan.profile.collapse == .partitionState ? .string(plan.collapseID) : nil),
                ("notification", androidNotification),
            ]))
        let apnsHeaders = JSONNode.object(
            JSONMember.list([
                ("apns-priority", .string(String(plan.apnsPriority))),
                ("apns-expiration", .string(String(plan.expiration))),
                ("apns-push-type", .string("alert")),
                ("apns-collapse-id", .string(plan.collapseID)),
            ]))
        let apns = JSONNode.object(
            JSONMember.list([
                ("headers", apnsHeaders),
                ("payload", .object([JSONMember(key: "aps", value: .object(plan.apsMembers))])),
            ]))
        return .object(
            JSONMember.list([
                ("notification", notification), ("data", data), ("android", android), ("apns", apns),
            ]))
    }
}
