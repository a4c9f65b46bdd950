#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore

/// One device's outcome for one alarm, in `GET /v1/deliveries` and the stream's `delivery`
/// frames: `pending` while no report came for it.
struct DeliveryRowDocument: Encodable {
    let eventID: String?
    let device: String
    let name: String?
    let platform: String?
    let status: String
    let reason: String?
    let attempts: Int
    let time: Int64?

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case device, name, platform, status, reason, attempts, time
    }

    /// The row of `report`; `device` (from the last device list) adds the name and platform,
    /// `withEventID` the alarm's id (for the stream, where the row stands alone).
    init(_ report: DeliveryReport, device: DeviceSummary?, withEventID: Bool = false) {
        eventID = withEventID ? report.eventID.uuidString.lowercased() : nil
        self.device = report.device.description
        name = device?.name
        platform = device?.platform.rawValue
        status = report.status.rawValue
        reason = report.reason
        attempts = report.attempts
        time = report.time
    }

    /// The row of a device without a report for the alarm yet.
    init(pending device: DeviceSummary) {
        eventID = nil
        self.device = device.device.description
        name = device.name
        platform = device.platform.rawValue
        status = "pending"
        reason = nil
        attempts = 0
        time = nil
    }
}

/// One alarm in `GET /v1/deliveries`: the event, who acknowledged it, its escalation, and each
/// device's outcome.
struct AlarmDeliveriesDocument: Encodable {
    /// Who acknowledged the alarm (a token's or device's name) and when; `device` for an
    /// acknowledgement from a notification.
    struct AcknowledgementDocument: Encodable {
        let by: String
        let device: String?
        let time: Int64
    }

    let cursor: Int64
    let event: EventDocument
    let acknowledgements: [AcknowledgementDocument]
    /// The alarm's escalation; absent when it did not escalate (or its partition's earlier alarm did).
    let escalation: EscalationDocument?
    let devices: [DeliveryRowDocument]

    /// The alarm `stored`: every device of `devices` (the last device list) with its report, or
    /// `pending`; then the devices reported on that are no longer in the list (removed since).
    init(
        _ stored: StoredEvent, reports: [DeliveryReport], devices: [DeviceSummary],
        acknowledgements: [AcknowledgementStore.Acknowledgement], escalation: EscalationStore.Escalation?
    ) {
        cursor = stored.cursor
        event = EventDocument(stored.event)
        self.escalation = escalation.map(EscalationDocument.init)
        self.acknowledgements = acknowledgements.map { acknowledgement in
            AcknowledgementDocument(
                by: acknowledgement.by.displayName, device: acknowledgement.by.device?.description, time: acknowledgement.time)
        }
        let byDevice = Dictionary(reports.map { ($0.device, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = Set(devices.map(\.device))
        self.devices =
            devices.map { device in byDevice[device.device].map { DeliveryRowDocument($0, device: device) } ?? DeliveryRowDocument(pending: device) }
            + reports.filter { !listed.contains($0.device) }.map { DeliveryRowDocument($0, device: nil) }
    }
}

/// An alarm's escalation in `GET /v1/deliveries`: the steps made, and when and why it stopped
/// (`stopped_at` and `stop_reason` `null` while it goes on).
struct EscalationDocument: Encodable {
    struct StepDocument: Encodable {
        let step: Int
        let eventID: String
        let time: Int64

        enum CodingKeys: String, CodingKey {
            case step
            case eventID = "event_id"
            case time
        }
    }

    let steps: [StepDocument]
    let stoppedAt: Int64?
    let stopReason: String?

    enum CodingKeys: String, CodingKey {
        case steps
        case stoppedAt = "stopped_at"
        case stopReason = "stop_reason"
    }

    init(_ escalation: EscalationStore.Escalation) {
        steps = escalation.steps.map { StepDocument(step: $0.number, eventID: $0.eventID.uuidString.lowercased(), time: $0.time) }
        stoppedAt = escalation.stop?.time
        stopReason = escalation.stop?.reason
    }

    /// Writes `null` for a running escalation's stop, so that the keys are always there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(steps, forKey: .steps)
        try container.encode(stoppedAt, forKey: .stoppedAt)
        try container.encode(stopReason, forKey: .stopReason)
    }
}

/// The answer of `GET /v1/deliveries`.
struct DeliveriesPage: Encodable {
    /// The alarms, newest first.
    let alarms: [AlarmDeliveriesDocument]
}

/// The answer of `GET /v1/devices`: the last device list the push consumer reported, and the
/// Web Push public key browsers subscribe with (`null` without Web Push).
struct DevicesDocument: Encodable {
    struct WebPush: Encodable {
        let vapidPublicKey: String

        enum CodingKeys: String, CodingKey {
            case vapidPublicKey = "vapid_public_key"
        }
    }

    let devices: [DeviceSummary]
    let webPush: WebPush?

    enum CodingKeys: String, CodingKey {
        case devices
        case webPush = "web_push"
    }

    init(_ report: DevicesReport?) {
        devices = report?.devices ?? []
        webPush = report?.vapidPublicKey.map(WebPush.init)
    }

    /// Writes `null` for no Web Push, so that the key is always there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(devices, forKey: .devices)
        try container.encode(webPush, forKey: .webPush)
    }
}
