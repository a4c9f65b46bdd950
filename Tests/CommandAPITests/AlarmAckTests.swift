import AlarmCore
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// `POST /v1/alarms/{event_id}/ack`: the acknowledgement token a notification carried, checked
/// against the hash in the push consumer's delivery report, or a control token; the record of who
/// and when; and the `info`/`acknowledged` event on every event tube.
@Suite("Alarm acknowledgement")
struct AlarmAckTests {
    /// Two tokens as the push consumer mints them (43 base64url characters), one per phone.
    static let annasToken = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"
    static let bensToken = "QPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba"
    static let anna = PushReportTests.anna
    static let ben = PushReportTests.laptop

    /// A stage whose events go to the tubes `command` (the API's own) and `log`, with an alarm
    /// stored, the device list, and a delivery report per phone carrying its token's hash.
    static func run(
        wait: Duration = .milliseconds(300), command extra: String = "", logs: RecordedLogs = RecordedLogs(),
        _ body: (APIStage, UUID) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let text = APIStage.configurationText(
                    port: server.port, directory: directory, events: ["command", "log"], extra: extra)
                let configuration = try HowAlarmingConfig.parse(yaml: text, path: nil, environment: [:])
                try await APIStage.serve(configuration, server: server, directory: directory, ackTokenWait: wait, logger: logs.logger) { stage in
                    let alarmID = UUID()
                    try await stage.put(PushReportTests.devicesReport(time: 1), on: "push-reports")
                    try await stage.put(eventJSON("alarm", code: "601", sequence: 1, partition: 1, zone: 3, id: alarmID, message: "Zone alarm: Hall"))
                    try await stage.put(report(alarmID, anna, token: annasToken), on: "push-reports")
                    try await stage.put(report(alarmID, ben, token: bensToken), on: "push-reports")
                    let reports = try stage.reportsStore()
                    try await waitUntil("the alarm and both tokens") {
                        guard try await Self.acknowledgements(stage, alarmID) != nil else { return false }
                        return try await reports.ackToken(hash: try #require(AckTokenHash(bensToken)).value) != nil
                    }
                    try await body(stage, alarmID)
                }
            }
        }
    }

    /// A delivery report of `eventID` to `device` whose notification carried `token`.
    static func report(_ eventID: UUID, _ device: DeviceID, token: String) -> String {
        String(decoding: PushReport.delivery(DeliveryReport(
            eventID: eventID, eventType: .alarm, device: device, status: .delivered, attempts: 1, time: 10,
            ackTokenHash: AckTokenHash(token)?.value)).jsonBytes(), as: UTF8.self)
    }

    /// The alarm's acknowledgements in `GET /v1/deliveries`, or `nil` before it is stored.
    static func acknowledgements(_ stage: APIStage, _ alarmID: UUID) async throws -> [[String: Any]]? {
        let read = try await stage.token(.read)
        let alarms = try await PushReportTests.alarms(stage, read)
        let alarm = alarms.first { ($0["event"] as? [String: Any])?["id"] as? String == alarmID.uuidString.lowercased() }
        return alarm?["acknowledgements"] as? [[String: Any]]
    }

    static func path(_ alarmID: UUID) -> String { "/v1/alarms/\(alarmID.uuidString.lowercased())/ack" }

    @Test func aNotificationsTokenAcknowledgesTheAlarmAsItsDeviceOnceAndAnnouncesIt() async throws {
        try await Self.run { stage, alarmID in
            let first = try await stage.request(.POST, Self.path(alarmID), token: Self.annasToken)
            #expect(first.status == 200, "\(first)")
            let answer = try first.json
            #expect(answer["event_id"] as? String == alarmID.uuidString.lowercased())
            #expect(answer["by"] as? String == "Anna's iPhone")
            #expect(answer["device"] as? String == Self.anna.description)
            let time = try #require(answer["time"] as? Int)

            let announced = try #require(try stage.take(from: "log"), "the acknowledgement is an event on the log tube")
            let event = try AlarmEvent.decode(json: announced)
            #expect(event.type == .info)
            #expect(event.code == "acknowledged")
            #expect(event.message == "Anna's iPhone acknowledged the alarm: Zone alarm: Hall")
            #expect(event.raw == alarmID.uuidString.lowercased())
            #expect(event.source == "howalarming-command")
            #expect(event.partition == 1 && event.zone == 3)
            #expect(event.id != nil)

            let again = try await stage.request(.POST, Self.path(alarmID), json: #"{"token":"\#(Self.annasToken)"}"#)
            #expect(again.status == 200, "\(again)")
            #expect(try again.json["time"] as? Int == time, "the first acknowledgement is kept")
            #expect(try stage.take(from: "log") == nil, "announced once")

            let shown = try await Self.acknowledgements(stage, alarmID)
            #expect(shown?.count == 1)
            #expect(shown?.first?["by"] as? String == "Anna's iPhone")
            #expect(shown?.first?["device"] as? String == Self.anna.description)
            #expect(shown?.first?["time"] as? Int == time)
        }
    }

    @Test func eachPhoneAcknowledgesForItself() async throws {
        try await Self.run { stage, alarmID in
            #expect(try await stage.request(.POST, Self.path(alarmID), token: Self.annasToken).status == 200)
            let ben = try await stage.request(.POST, Self.path(alarmID), token: Self.bensToken)
            #expect(ben.status == 200, "\(ben)")
            #expect(try ben.json["by"] as? String == "device \(Self.ben)", "a device without a name is named by its id")
            let messages = try [stage.take(from: "log"), stage.take(from: "log")].map { try AlarmEvent.decode(json: try #require($0)).message }
            #expect(messages == ["Anna's iPhone acknowledged the alarm: Zone alarm: Hall", "device \(Self.ben) acknowledged the alarm: Zone alarm: Hall"])
            #expect(try await Self.acknowledgements(stage, alarmID)?.count == 2)
        }
    }

    @Test func aControlTokenAcknowledgesAsItsHolderAndAReadTokenMayNot() async throws {
        try await Self.run { stage, alarmID in
            let control = try await stage.token(.control, name: "hall-tablet")
            let read = try await stage.token(.read)
            #expect(try await stage.request(.POST, Self.path(alarmID), token: read).status == 403)
            let answer = try await stage.request(.POST, Self.path(alarmID), token: control)
            #expect(answer.status == 200, "\(answer)")
            #expect(try answer.json["by"] as? String == "hall-tablet")
            #expect(try answer.json["device"] == nil)
            let event = try AlarmEvent.decode(json: try #require(try stage.take(from: "log")))
            #expect(event.message == "hall-tablet acknowledged the alarm: Zone alarm: Hall")
        }
    }

    @Test func wrongMissingAndMalformedTokensAre401() async throws {
        try await Self.run { stage, alarmID in
            let wrong = try await stage.request(.POST, Self.path(alarmID), token: String(repeating: "x", count: 43))
            #expect(wrong.status == 401, "\(wrong)")
            #expect(wrong.headers["www-authenticate"]?.contains("invalid_token") == true)
            #expect(try await stage.request(.POST, Self.path(alarmID), token: "short").status == 401)
            #expect(try await stage.request(.POST, Self.path(alarmID), json: #"{"token":"nope"}"#).status == 401)
            let missing = try await stage.request(.POST, Self.path(alarmID))
            #expect(missing.status == 401)
            #expect(missing.headers["www-authenticate"] == #"Bearer realm="howalarming""#)
            #expect(try stage.take(from: "log") == nil, "nothing is announced")
            #expect(try await Self.acknowledgements(stage, alarmID)?.isEmpty == true)
        }
    }

    @Test func anotherAlarmsTokenIs403() async throws {
        try await Self.run { stage, alarmID in
            let otherID = UUID()
            try await stage.put(eventJSON("alarm", code: "601", sequence: 2, partition: 1, zone: 4, id: otherID))
            try await waitUntil("the other alarm") { try await Self.acknowledgements(stage, otherID) != nil }
            let answer = try await stage.request(.POST, Self.path(otherID), token: Self.annasToken)
            #expect(answer.status == 403, "\(answer)")
            #expect(answer.error == "this acknowledgement token is for another alarm")
            #expect(try await Self.acknowledgements(stage, otherID)?.isEmpty == true)
            #expect(try await Self.acknowledgements(stage, alarmID)?.isEmpty == true)
        }
    }

    @Test func anUnknownEventOrOneThatIsNoAlarmIs404AndABadIDIs400() async throws {
        try await Self.run { stage, _ in
            let control = try await stage.token(.control)
            let unknown = try await stage.request(.POST, Self.path(UUID()), token: control)
            #expect(unknown.status == 404, "\(unknown)")
            #expect(unknown.error == "no alarm with this id is stored (it may be older than command.retention_days)")
            let faultID = UUID()
            try await stage.put(eventJSON("fault", code: "800", sequence: 2, id: faultID))
            try await waitUntil("the fault") {
                (try await stage.request(.GET, "/v1/events", token: control).json["events"] as? [Any])?.count == 2
            }
            #expect(try await stage.request(.POST, Self.path(faultID), token: control).status == 404)
            let bad = try await stage.request(.POST, "/v1/alarms/nope/ack", token: control)
            #expect(bad.status == 400)
            #expect(bad.error == "event_id: must be an alarm's id, a UUID")
        }
    }

    @Test func anAcknowledgementBeforeItsDeliveryReportWaitsForIt() async throws {
        let logs = RecordedLogs()
        try await Self.run(wait: .seconds(10), logs: logs) { stage, alarmID in
            let early = "earlyTokenearlyTokenearlyTokenearlyToken123"
            async let answer = stage.request(.POST, Self.path(alarmID), token: early)
            try await waitUntil("the API to wait for the token's report") {
                logs.entries.contains { $0.message.hasPrefix("acknowledgement token not reported yet") }
            }
            try await stage.put(Self.report(alarmID, Self.anna, token: early), on: "push-reports")
            let acknowledged = try await answer
            #expect(acknowledged.status == 200, "\(acknowledged)")
            #expect(try acknowledged.json["by"] as? String == "Anna's iPhone")
        }
    }

    @Test func failedAcknowledgementsAreThrottledLikeEveryAuthentication() async throws {
        try await Self.run(command: "  auth_failure_limit: 2\n  auth_failure_window: 60") { stage, alarmID in
            let wrong = String(repeating: "y", count: 43)
            #expect(try await stage.request(.POST, Self.path(alarmID), token: wrong).status == 401)
            #expect(try await stage.request(.POST, Self.path(alarmID), token: wrong).status == 401)
            let throttled = try await stage.request(.POST, Self.path(alarmID), token: wrong)
            #expect(throttled.status == 429, "\(throttled)")
            #expect(throttled.headers["retry-after"] != nil)
            #expect(try await stage.request(.POST, Self.path(alarmID), token: Self.annasToken).status == 200, "a valid token is served")
        }
    }

    @Test func noTokenReachesTheLogs() async throws {
        let logs = RecordedLogs()
        try await Self.run(logs: logs) { stage, alarmID in
            let control = try await stage.token(.control, name: "hall-tablet")
            for token in [Self.annasToken, String(repeating: "z", count: 43), control, "hal_" + String(repeating: "q", count: 43)] {
                _ = try await stage.request(.POST, Self.path(alarmID), token: token)
            }
            _ = try await stage.request(.POST, Self.path(alarmID), json: #"{"token":"\#(Self.bensToken)"}"#)
            let messages = logs.entries.map(\.message)
            #expect(messages.contains { $0.hasPrefix("event acknowledged") }, "the logger saw the requests")
            #expect(messages.contains { $0.hasPrefix("authentication failed") })
            let text = logs.text
            for secret in [Self.annasToken, Self.bensToken, control, String(repeating: "z", count: 43)] {
                #expect(!text.contains(secret))
            }
        }
    }

    @Test func aPresentedTokenIsHashedAsTheReportsHashIt() {
        #expect(AckTokenHash("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ")?.value == "RqIZl4LIgn8KxW9QO-nTnv7pf0CnNrksx9fF-CXP2FE")
        #expect(AckTokenHash("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP") == nil, "42 characters")
        #expect(AckTokenHash("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP=") == nil, "not base64url")
        #expect(AckTokenHash("hal_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ") == nil, "an API token is no acknowledgement token")
    }

    @Test func theAnnouncementNamesWhoAndWhatAndIsTheSameOnARepeat() {
        let alarm = AlarmEvent(
            type: .alarm, code: "601", message: "Zone alarm: Hall", timestamp: 1_700_000_000, id: UUID(), partition: 2,
            zone: 5, zoneName: "Hall")
        let by = Acknowledger.device(Self.anna, name: "Anna's iPhone")
        let event = AcknowledgementEvent.make(acknowledging: alarm, by: by, time: 1_700_000_042_500)
        #expect(event.type == .info && event.code == "acknowledged")
        #expect(event.message == "Anna's iPhone acknowledged the alarm: Zone alarm: Hall")
        #expect(event.timestamp == 1_700_000_042)
        #expect(event.partition == 2 && event.zone == 5 && event.zoneName == "Hall")
        #expect(event.id == AcknowledgementEvent.make(acknowledging: alarm, by: by, time: 1).id)
        #expect(event.id != AcknowledgementEvent.make(acknowledging: alarm, by: .token(name: "Anna's iPhone"), time: 1).id)
        #expect(throws: Never.self) { try event.validate() }
    }
}

extension APIStage {
    /// The stage's push reports, read directly.
    func reportsStore() throws -> PushReportStore {
        PushReportStore(database: try CommandDatabase(path: databasePath))
    }
}
