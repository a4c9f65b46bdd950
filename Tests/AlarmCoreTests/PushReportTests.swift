import AlarmCore
import Foundation
import Testing
import TestSupport

/// Push reports (`docs/event-format.md`, "Push reports"): the exact JSON, a round trip, and
/// errors that name the field.
@Suite struct PushReportTests {
    static let eventID = UUID(uuidString: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0")!
    static let device = DeviceID(provider: .apns, token: String(repeating: "ab", count: 32))

    static let delivery = PushReport.delivery(
        DeliveryReport(
            eventID: eventID, eventType: .alarm, device: device, status: .retrying, reason: "provider unavailable (503)",
            attempts: 2, time: 1_764_100_000_123))

    static let devices = PushReport.devices(
        DevicesReport(
            time: 1_764_100_000_500, vapidPublicKey: "BPub",
            devices: [
                DeviceSummary(device: device, platform: .ios, name: "Jane's iPhone", registeredAt: 1_764_000_000_000),
                DeviceSummary(
                    device: DeviceID(provider: .fcm, token: "fcm-token"), platform: .android, registeredAt: 1_764_000_000_001,
                    lastSuccessAt: 1_764_000_100_000, lastError: "throttled", lastErrorAt: 1_764_000_200_000, owner: "ben"),
            ]))

    @Test func aDeliveryReportIsWrittenAsDocumented() throws {
        let json = String(decoding: Self.delivery.jsonBytes(), as: UTF8.self)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "delivery")
        #expect(object["event_id"] as? String == "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0")
        #expect(object["event_type"] as? String == "alarm")
        #expect(object["device"] as? String == Self.device.description)
        #expect(object["status"] as? String == "retrying")
        #expect(object["reason"] as? String == "provider unavailable (503)")
        #expect(object["attempts"] as? Int == 2)
        #expect(object["time"] as? Int64 == 1_764_100_000_123)
        #expect(Set(object.keys) == ["type", "event_id", "event_type", "device", "status", "reason", "attempts", "time"])
    }

    /// An alarm's delivery report, with the hash of the notification's acknowledgement token.
    static let acknowledgeable = PushReport.delivery(
        DeliveryReport(
            eventID: eventID, eventType: .alarm, device: device, status: .delivered, attempts: 1, time: 1_764_100_000_123,
            ackTokenHash: "RqIZl4LIgn8KxW9QO-nTnv7pf0CnNrksx9fF-CXP2FE"))

    @Test func anAckTokenHashIsWrittenUnderItsDocumentedKey() throws {
        let object = try #require(JSONSerialization.jsonObject(with: Data(Self.acknowledgeable.jsonBytes())) as? [String: Any])
        #expect(object["ack_token_sha256"] as? String == "RqIZl4LIgn8KxW9QO-nTnv7pf0CnNrksx9fF-CXP2FE")
    }

    @Test(arguments: [delivery, devices, acknowledgeable])
    func aReportReadsBackAsWritten(_ report: PushReport) throws {
        #expect(try PushReport.decode(json: report.jsonBytes()) == report)
    }

    @Test func absentOptionalFieldsAreLeftOut() throws {
        let json = String(decoding: Self.devices.jsonBytes(), as: UTF8.self)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect(Set(devices[0].keys) == ["device", "platform", "name", "registered_at"])
        #expect(devices[1]["last_error"] as? String == "throttled")
        #expect(devices[1]["owner"] as? String == "ben")
        #expect(!json.contains("null"))
    }

    @Test func aDeviceIDIsNameBasedOnProviderAndToken() throws {
        let token = String(repeating: "ab", count: 32)
        #expect(DeviceID(provider: .apns, token: token) == Self.device)
        #expect(DeviceID(provider: .fcm, token: token) != Self.device)
        #expect(Self.device.uuid.uuidString.dropFirst(14).first == "5")  // version 5
        #expect(!Self.device.description.contains(token))
        #expect(DeviceID(Self.device.description) == Self.device)
        #expect(DeviceID("not-a-uuid") == nil)
    }

    @Test func reportsAreValidAgainstTheSchemaForAnIndependentValidator() async throws {
        let python = try await PythonPeer.find()
        let documents = [Self.delivery, Self.devices].map { String(decoding: $0.jsonBytes(), as: UTF8.self) }
        let result = try await python.run(
            script: "validate_schema.py", arguments: ["\(PackageLayout.root)/docs/schema/push-report.schema.json"],
            standardInput: Data(documents.joined(separator: "\n").utf8))
        #expect(result.status == .exited(0) && result.stdout == "ok 2\n", "\(result)")
    }

    static let invalid: [InvalidBody] = [
        InvalidBody("not JSON", "{", field: nil, says: "not valid JSON"),
        InvalidBody("no type", #"{"time":1}"#, field: "type", says: "required field is missing"),
        InvalidBody("unknown type", #"{"type":"hello"}"#, field: "type", says: "expected delivery or devices"),
        InvalidBody(
            "missing device", #"{"type":"delivery","event_id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","event_type":"alarm","status":"delivered","attempts":1,"time":1}"#,
            field: "device", says: "required field is missing"),
        InvalidBody(
            "bad status",
            #"{"type":"delivery","event_id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","event_type":"alarm","device":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","status":"lost","attempts":1,"time":1}"#,
            field: "status", says: "invalid value"),
        InvalidBody(
            "bad platform in the list",
            #"{"type":"devices","time":1,"devices":[{"device":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","platform":"windows","registered_at":1}]}"#,
            field: "devices[0].platform", says: "invalid value"),
        InvalidBody("time as text", #"{"type":"devices","time":"now","devices":[]}"#, field: "time", says: "expected an integer"),
        InvalidBody(
            "an ack token hash that is no SHA-256",
            #"{"type":"delivery","event_id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","event_type":"alarm","device":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","status":"delivered","attempts":1,"time":1,"ack_token_sha256":"short"}"#,
            field: "ack_token_sha256", says: "invalid value"),
        InvalidBody("not UTF-8", bytes: [0x7B, 0xFF, 0x7D], field: nil, says: "not valid UTF-8"),
    ]

    @Test(arguments: invalid)
    func aMalformedReportIsRefusedNamingTheField(_ body: InvalidBody) {
        body.expectRejected { bytes throws(FormatError) in _ = try PushReport.decode(json: bytes) }
    }
}
