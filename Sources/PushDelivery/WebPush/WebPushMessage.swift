public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What Web Push sends for one event, the same for every subscription before encryption: the
/// JSON the service worker reads, and the headers that depend on the event type.
///
/// The plaintext is `{"title","body","event_id","type","alarm","partition","zone","time","tag"}`
/// (`event_id`, `partition` and `zone` only when the event has them; `time` in Unix
/// milliseconds), for alarms and escalations followed by `ack_path` and the device's `ack_token`, at most ``payloadLimit`` bytes: a longer message is shortened as for APNs.
/// `TTL` is what is left of the notification's lifetime (0 for armed/disarmed: now or never),
/// `Urgency` is `high` for alarms, faults and escalations, `low` for the canary and `normal` otherwise, and `Topic` (also the
/// `tag`) is the event's id without hyphens, or `state-<partition>` for armed/disarmed, so that
/// the newest state replaces an undelivered older one at the push service and on the screen.
public struct WebPushMessage: Sendable, Hashable {
    /// The largest plaintext sent, in bytes: well inside one record (3993) and the smaller
    /// limits of Firefox's mobile bridges.
    public static let payloadLimit = 3072

    /// The JSON plaintext, before encryption; for an alarm or escalation, with the placeholder where each
    /// device's ack token goes.
    public let payload: [UInt8]
    /// Where each device's ack token goes, for alarms and escalations.
    let ackSlot: AckTokenSlot?
    /// `TTL`: seconds the push service keeps the message for an offline browser.
    public let timeToLive: Int64
    /// `Urgency`: `high`, `normal` or `low`.
    public let urgency: String
    /// `Topic`: at most 32 base64url characters.
    public let topic: String

    /// The message for `event` sent at `now`; its lifetime runs from `issuedAt` (default `now`).
    public init(event: AlarmEvent, policy: NotificationPolicy = NotificationPolicy(), now: Date, issuedAt: Date? = nil) {
        let plan = NotificationPlan(event: event, policy: policy, now: now, issuedAt: issuedAt)
        timeToLive = plan.timeToLive
        urgency = plan.profile.urgency.rawValue
        let topic =
            switch plan.profile.collapse {
            case .event: event.stableID.uuidString.lowercased().filter { $0 != "-" }
            case .partitionState: plan.collapseID
            }
        self.topic = topic
        payload = PayloadBudget.fit(event, limit: Self.payloadLimit) { Self.encode($0, plan: plan, tag: topic) }
        ackSlot = AckTokenSlot(in: payload)
    }

    /// Whether the message carries an Acknowledge action, which needs an ``AckToken`` per device.
    public var acknowledgeable: Bool { ackSlot != nil }

    /// The plaintext for one device: with `ackToken`, its token for this send, in the slot when
    /// the message has one.
    public func payload(ackToken: AckToken?) -> [UInt8] {
        guard let ackSlot, let ackToken else { return payload }
        return ackSlot.filling(payload, with: ackToken)
    }

    /// The header fields of a request for this message (the transport adds `content-length`),
    /// authorised by `authorization` (`vapid t=…, k=…`).
    func headerFields(authorization: Secret) -> [(name: String, value: String)] {
        [
            ("authorization", authorization.value),
            ("ttl", String(timeToLive)),
            ("urgency", urgency),
            ("topic", topic),
            ("content-encoding", "aes128gcm"),
            ("content-type", "application/octet-stream"),
        ]
    }

    private static func encode(_ event: AlarmEvent, plan: NotificationPlan, tag: String) -> [UInt8] {
        let members = JSONMember.list([
            ("title", .string(plan.profile.title)),
            ("body", .string(event.alertBody)),
            ("event_id", event.id.map { .string($0.uuidString.lowercased()) }),
            ("type", .string(event.type.rawValue)),
            ("alarm", .boolean(plan.profile.urgent)),
            ("partition", event.partition.map { .integer(Int64($0)) }),
            ("zone", event.zone.map { .integer(Int64($0)) }),
            ("zone_name", event.zoneName.map { .string($0) }),
            ("time", .integer(event.timestamp * 1000)),
            ("tag", .string(tag)),
        ])
        return JSONNode.object(members + (plan.ackAction?.members ?? [])).bytes
    }
}
