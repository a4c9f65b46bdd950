import AlarmCore
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// The push consumer's reports on `push.report_tube`, as the command API keeps and serves them:
/// `GET /v1/deliveries`, `GET /v1/devices`, the stream's `delivery` frames; and acknowledgements.
@Suite("Push reports")
struct PushReportTests {
    static let anna = DeviceID(provider: .apns, token: String(repeating: "ab", count: 32))
    static let laptop = DeviceID(provider: .fcm, token: "dGVzdC1kZXZpY2U:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx")

    static func devicesReport(time: Int64, vapid: String? = nil) -> String {
        String(decoding: PushReport.devices(DevicesReport(time: time, vapidPublicKey: vapid, devices: [
            DeviceSummary(device: anna, platform: .ios, name: "Anna's iPhone", registeredAt: 1_764_100_000_000),
            DeviceSummary(device: laptop, platform: .android, registeredAt: 1_764_100_000_001),
        ])).jsonBytes(), as: UTF8.self)
    }

    static func delivery(
        _ eventID: UUID, _ device: DeviceID, _ status: DeliveryStatus, reason: String? = nil, attempts: Int = 1, time: Int64
    ) -> String {
        String(decoding: PushReport.delivery(DeliveryReport(
            eventID: eventID, eventType: .alarm, device: device, status: status, reason: reason, attempts: attempts,
            time: time)).jsonBytes(), as: UTF8.self)
    }

    /// `GET /v1/deliveries`' alarms.
    static func alarms(_ stage: APIStage, _ token: String, query: String = "") async throws -> [[String: Any]] {
        let answer = try await stage.request(.GET, "/v1/deliveries\(query)", token: token)
        #expect(answer.status == 200, "\(answer)")
        return try #require(try answer.json["alarms"] as? [[String: Any]])
    }

    static func devices(of alarm: [String: Any]) throws -> [String: [String: Any]] {
        let rows = try #require(alarm["devices"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["device"] as? String ?? "", $0) })
    }

    @Test func everyAlarmListsEveryDeviceWithItsLatestOutcome() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let alarmID = UUID()
            try await stage.put(Self.devicesReport(time: 1), on: "push-reports")
            try await stage.put(eventJSON("info", code: "609", sequence: 1, zone: 3))
            try await stage.put(eventJSON("alarm", code: "601", sequence: 2, partition: 1, zone: 3, id: alarmID))
            try await stage.put(Self.delivery(alarmID, Self.anna, .retrying, reason: "TooManyRequests", time: 10), on: "push-reports")
            try await stage.put(Self.delivery(alarmID, Self.anna, .delivered, attempts: 2, time: 20), on: "push-reports")
            // Late: an older report does not overwrite the newer one.
            try await stage.put(Self.delivery(alarmID, Self.anna, .retrying, reason: "late", time: 15), on: "push-reports")
            try await waitUntil("the two events and four reports to be handled") {
                (try RawBeanstalkClient(stage.server).stats())["cmd-delete"] == "6"
            }
            let alarms = try await Self.alarms(stage, token)
            #expect(alarms.count == 1)
            #expect(alarms[0]["cursor"] as? Int == 2)
            #expect((alarms[0]["event"] as? [String: Any])?["id"] as? String == alarmID.uuidString.lowercased())
            let devices = try Self.devices(of: alarms[0])
            let anna = try #require(devices[Self.anna.description])
            #expect(anna["status"] as? String == "delivered")
            #expect(anna["attempts"] as? Int == 2)
            #expect(anna["time"] as? Int == 20)
            #expect(anna["name"] as? String == "Anna's iPhone")
            #expect(anna["platform"] as? String == "ios")
            #expect(anna["reason"] == nil)
            let laptop = try #require(devices[Self.laptop.description])
            #expect(laptop["status"] as? String == "pending")
            #expect(laptop["platform"] as? String == "android")
            #expect((alarms[0]["acknowledgements"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func theDeviceListIsTheLatestReportAndSurvivesARestart() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try HowAlarmingConfig.parse(
                    yaml: APIStage.configurationText(port: server.port, directory: directory), path: nil, environment: [:])
                let token = try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let token = try await stage.token(.read)
                    let empty = try await stage.request(.GET, "/v1/devices", token: token)
                    #expect(empty.body == #"{"devices":[],"web_push":null}"#)
                    try await stage.put(Self.devicesReport(time: 200, vapid: "BPublicKey"), on: "push-reports")
                    try await stage.put(String(decoding: PushReport.devices(DevicesReport(time: 100, devices: [])).jsonBytes(), as: UTF8.self), on: "push-reports")
                    try await waitUntil("both reports to be handled") {
                        try RawBeanstalkClient(stage.server).stats()["cmd-delete"] == "2"
                    }
                    return token
                }
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let json = try await stage.request(.GET, "/v1/devices", token: token).json
                    #expect((json["devices"] as? [[String: Any]])?.map { $0["device"] as? String } == [Self.anna.description, Self.laptop.description])
                    #expect((json["web_push"] as? [String: Any])?["vapid_public_key"] as? String == "BPublicKey")
                }
            }
        }
    }

    @Test func malformedReportsAreBuriedWithTheirReason() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            for body in ["not json", #"{"type":"delivery"}"#, #"{"type":"gossip"}"#] {
                try await stage.put(body, on: "push-reports")
            }
            try await stage.put(Self.devicesReport(time: 1), on: "push-reports")
            try await waitUntil("the good report to be stored") {
                (try await stage.request(.GET, "/v1/devices", token: token).json["devices"] as? [Any])?.count == 2
            }
            #expect(try RawBeanstalkClient(stage.server).stats(tube: "push-reports")["current-jobs-buried"] == "3")
        }
    }

    @Test func acknowledgementsAreStoredOncePerTokenAndShown() async throws {
        try await APIStage.run { stage in
            let control = try await stage.token(.control, name: "anna-phone")
            let read = try await stage.token(.read)
            let alarmID = UUID()
            try await stage.put(eventJSON("alarm", code: "601", sequence: 1, partition: 1, zone: 3, id: alarmID))
            try await waitUntil("the alarm") { (try await Self.alarms(stage, read)).count == 1 }

            let first = try await stage.request(.POST, "/v1/events/1/acknowledge", token: control)
            #expect(first.status == 200, "\(first)")
            let json = try first.json
            #expect(json["cursor"] as? Int == 1)
            #expect(json["by"] as? String == "anna-phone")
            let time = try #require(json["time"] as? Int)
            let again = try await stage.request(.POST, "/v1/events/by-id/\(alarmID.uuidString)/acknowledge", token: control)
            #expect(again.status == 200, "\(again)")
            #expect(try again.json["time"] as? Int == time)

            #expect(try await stage.request(.POST, "/v1/events/1/acknowledge", token: read).status == 403)
            let unknown = try await stage.request(.POST, "/v1/events/99/acknowledge", token: control)
            #expect(unknown.status == 404)
            #expect(unknown.error == "no such event is stored (it may be older than command.retention_days)")
            #expect(try await stage.request(.POST, "/v1/events/by-id/\(UUID().uuidString)/acknowledge", token: control).status == 404)
            let badCursor = try await stage.request(.POST, "/v1/events/x/acknowledge", token: control)
            #expect(badCursor.status == 400)
            #expect(badCursor.error == "cursor: must be an event's cursor, an integer from 1 to \(Int64.max)")
            #expect(try await stage.request(.POST, "/v1/events/by-id/nope/acknowledge", token: control).status == 400)

            let acknowledgements = try #require(try await Self.alarms(stage, read).first?["acknowledgements"] as? [[String: Any]])
            #expect(acknowledgements.count == 1)
            #expect(acknowledgements.first?["by"] as? String == "anna-phone")
            #expect(acknowledgements.first?["time"] as? Int == time)
        }
    }

    @Test func deliveriesPageByCursorNewestFirst() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            for sequence in 1...5 {
                try await stage.put(eventJSON("alarm", code: "601", sequence: sequence, partition: 1, zone: sequence))
            }
            try await waitUntil("five alarms") { (try await Self.alarms(stage, token)).count == 5 }
            #expect(try await Self.alarms(stage, token, query: "?limit=2").map { $0["cursor"] as? Int } == [5, 4])
            #expect(try await Self.alarms(stage, token, query: "?limit=2&before=4").map { $0["cursor"] as? Int } == [3, 2])
            let bad = try await stage.request(.GET, "/v1/deliveries?limit=101", token: token)
            #expect(bad.status == 400)
            #expect(bad.error == "limit: must be an integer from 1 to 100")
        }
    }

    @Test func theJanitorRemovesOldReportsAndAcknowledgements() async throws {
        try await withTemporaryDirectory { directory in
            let database = try CommandDatabase(path: directory.appending("command.sqlite"))
            let reports = PushReportStore(database: database)
            let events = EventStore(database: database)
            let acknowledgements = AcknowledgementStore(database: database)
            let alarmID = UUID()
            _ = try await events.record(AlarmEvent(type: .alarm, code: "601", timestamp: 1_700_000_000, id: alarmID))
            try await reports.record(DeliveryReport(eventID: alarmID, eventType: .alarm, device: Self.anna, status: .delivered, attempts: 1, time: 5))
            let alarm = try #require(try await acknowledgements.lookup(.id(alarmID), by: .token(name: "anna")))
            #expect(try await acknowledgements.acknowledge(cursor: alarm.event.cursor, by: .token(name: "anna"), now: 7).time == 7)
            #expect(try await reports.purge(receivedBefore: Date(timeIntervalSinceNow: -60)) == 0)
            #expect(try await acknowledgements.purge(before: Date(timeIntervalSinceNow: -60)) == 0)
            #expect(try await reports.purge(receivedBefore: Date(timeIntervalSinceNow: 60)) == 1)
            #expect(try await acknowledgements.purge(before: Date(timeIntervalSinceNow: 60)) == 1)
            #expect(try await reports.deliveries(of: [alarmID]).isEmpty)
        }
    }

    @Test func theStreamCarriesDeliveryReports() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            try await stage.put(Self.devicesReport(time: 1), on: "push-reports")
            try await waitUntil("the device list") {
                (try await stage.request(.GET, "/v1/devices", token: token).json["devices"] as? [Any])?.count == 2
            }
            let stream = try await EventStreamReader(stage, token: token)
            _ = try await stream.frames { $0.event == "status" }
            let alarmID = UUID()
            try await stage.put(Self.delivery(alarmID, Self.laptop, .failed, reason: "InvalidArgument", time: 30), on: "push-reports")
            let frames = try await stream.frames { $0.event == "delivery" }
            #expect(frames.count == 1, "\(frames)")
            let frame = try #require(frames.last)
            #expect(frame.id == nil)
            let row = try #require(try JSONSerialization.jsonObject(with: Data((frame.data ?? "").utf8)) as? [String: Any])
            #expect(row["event_id"] as? String == alarmID.uuidString.lowercased())
            #expect(row["device"] as? String == Self.laptop.description)
            #expect(row["status"] as? String == "failed")
            #expect(row["reason"] as? String == "InvalidArgument")
            #expect(row["platform"] as? String == "android")
        }
    }
}
