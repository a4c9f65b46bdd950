import AlarmCore
import PushDelivery

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The push reports' JSON (docs/event-format.md, "Push reports"): what the command consumer
/// reads from `push.report_tube`. Devices are named by their id, never by token or endpoint.
///
/// Written here until AlarmCore's shared `PushReport` type is merged; the format is the
/// contract's (`type`, `time` and `*_at` in Unix milliseconds).
enum PushReportJSON {
    /// `{"type":"delivery","event_id","event_type","device","status","reason"?,"attempts","time"}`.
    static func delivery(_ attempt: DeliveryAttempt, eventType: EventType) -> [UInt8] {
        var writer = JSONObjectWriter()
        string("type", "delivery", &writer)
        string("event_id", attempt.eventID.uuidString.lowercased(), &writer)
        string("event_type", eventType.rawValue, &writer)
        string("device", attempt.device.deviceID, &writer)
        string("status", attempt.status.rawValue, &writer)
        string("reason", attempt.reason, &writer)
        integer("attempts", Int64(attempt.attempt), &writer)
        integer("time", milliseconds(attempt.at), &writer)
        return writer.finish()
    }

    /// `{"type":"devices","time","vapid_public_key"?,"devices":[{"device","platform","name"?,
    /// "registered_at","last_success_at"?,"last_error"?,"last_error_at"?}]}`.
    static func devices(_ devices: [RegisteredDevice], vapidPublicKey: String?, at now: Date) -> [UInt8] {
        var writer = JSONObjectWriter()
        string("type", "devices", &writer)
        integer("time", milliseconds(now), &writer)
        string("vapid_public_key", vapidPublicKey, &writer)
        let list = devices.map(device)
        writer.write("devices") { bytes in
            bytes.append(UInt8(ascii: "["))
            for (index, entry) in list.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: entry)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        return writer.finish()
    }

    private static func device(_ device: RegisteredDevice) -> [UInt8] {
        var writer = JSONObjectWriter()
        string("device", device.id, &writer)
        string("platform", device.platform.rawValue, &writer)
        string("name", device.name, &writer)
        integer("registered_at", milliseconds(device.registeredAt), &writer)
        integer("last_success_at", device.lastSuccessAt.map(milliseconds), &writer)
        string("last_error", device.lastError, &writer)
        integer("last_error_at", device.lastErrorAt.map(milliseconds), &writer)
        return writer.finish()
    }

    private static func string(_ key: String, _ value: String?, _ writer: inout JSONObjectWriter) {
        guard let value else { return }
        writer.write(key) { JSONObjectWriter.write(string: value, into: &$0) }
    }

    private static func integer(_ key: String, _ value: Int64?, _ writer: inout JSONObjectWriter) {
        guard let value else { return }
        writer.write(key) { $0.append(contentsOf: String(value).utf8) }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
