public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What APNs gets for one event, the same for every device: the headers that depend on the
/// event type and the JSON payload. ``request(deviceToken:)`` adds the device.
///
/// Per event type: `apns-priority` 10 for `alarm`, `fault` and escalations, otherwise 5;
/// `apns-expiration`
/// ``NotificationPolicy/lifetime`` ahead of now, or 0 (deliver now or never) for `armed` and
/// `disarmed`; `apns-collapse-id` the event's ``AlarmCore/AlarmEvent/stableID`` (so a
/// redelivered notification replaces itself), or `state-<partition>` for `armed` and `disarmed`
/// (so the newest state replaces the previous one).
///
/// The payload is `aps` (`alert` with the event type as title and the message as body, `sound`,
/// `thread-id`, `interruption-level`, and for alarms and escalations `category`
/// ``AckAction/category``), for alarms and escalations `ack_path` and the device's `ack_token`, followed by the event's own fields as custom keys, exactly
/// as its canonical JSON has them (`type`, `code`, `message`, `raw`, `timestamp`, `id`, …; see
/// docs/event-format.md). It is at most ``payloadLimit`` bytes: a longer one has its message
/// shortened first (ending in `…`), then `raw`, `zone_name`, `user_name`, `source` and `code`; `id`, `type`
/// and the numbers are never touched.
public struct APNSNotification: Sendable, Hashable {
    /// The largest payload APNs accepts for alert notifications, in bytes.
    public static let payloadLimit = 4096

    /// The event's ``AlarmCore/AlarmEvent/stableID``.
    public let eventID: UUID
    /// `apns-topic`: the app's bundle ID.
    public let topic: String
    /// `apns-priority`: 10 (at once) or 5 (when convenient for the phone).
    public let priority: Int
    /// `apns-expiration`: Unix seconds until which APNs keeps the notification for an offline
    /// phone; 0 to try once and not keep it.
    public let expiration: Int64
    /// `apns-collapse-id`.
    public let collapseID: String
    /// The JSON body; for an alarm or escalation, with the placeholder where each device's ack token goes.
    public let payload: [UInt8]
    /// Where each device's ack token goes, for alarms and escalations.
    let ackSlot: AckTokenSlot?

    /// `apns-push-type`: always `alert`, notifications the user sees.
    public var pushType: String { "alert" }

    /// The notification for `event`, for the app `topic`, sent at `now`; kept by APNs until its
    /// lifetime after `issuedAt` (default `now`) ends.
    public init(
        event: AlarmEvent, topic: String, policy: NotificationPolicy = NotificationPolicy(), now: Date,
        issuedAt: Date? = nil
    ) {
        let plan = NotificationPlan(event: event, policy: policy, now: now, issuedAt: issuedAt)
        eventID = event.stableID
        self.topic = topic
        priority = plan.apnsPriority
        expiration = plan.expiration
        collapseID = plan.collapseID
        payload = PayloadBudget.fit(event, limit: Self.payloadLimit) { Self.encode($0, plan: plan) }
        ackSlot = AckTokenSlot(in: payload)
    }

    /// Whether the notification carries an Acknowledge action, which needs an ``AckToken`` per device.
    public var acknowledgeable: Bool { ackSlot != nil }

    /// The request that sends this notification to one device; `deviceToken` as the registry
    /// keeps it (normalised), so that its `apns-id` is the same on every retry. An alarm or
    /// escalation carries `ackToken`, the device's token for this send.
    public func request(deviceToken: String, ackToken: AckToken? = nil) -> APNSRequest {
        APNSRequest(notification: self, deviceToken: deviceToken, ackToken: ackToken)
    }

    /// The payload for one device: with its ack token in the slot, when there is one.
    func payload(ackToken: AckToken?) -> [UInt8] {
        guard let ackSlot, let ackToken else { return payload }
        return ackSlot.filling(payload, with: ackToken)
    }

    /// `{"aps":{…},`, for alarms and escalations `"ack_path":…,"ack_token":…,`, then the event's canonical JSON
    /// without its opening brace.
    private static func encode(_ event: AlarmEvent, plan: NotificationPlan) -> [UInt8] {
        let alert = JSONNode.object(
            JSONMember.list([
                ("title", .string(plan.profile.title)), ("body", .string(event.alertBody)),
            ]))
        let aps = JSONNode.object([JSONMember(key: "alert", value: alert)] + plan.apsMembers)
        var bytes = JSONNode.object([JSONMember(key: "aps", value: aps)] + (plan.ackAction?.members ?? [])).bytes
        bytes[bytes.count - 1] = UInt8(ascii: ",")
        bytes.append(contentsOf: event.jsonBytes().dropFirst())
        return bytes
    }
}
