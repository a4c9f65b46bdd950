import AlarmCore
import Foundation
import PushDelivery
import Testing

@Suite struct APNSNotificationTests {
    /// What each event type must get.
    struct Row: Sendable, CustomTestStringConvertible {
        let type: EventType
        let priority: Int
        let kept: Bool
        let collapseID: String
        let level: String
        let thread: String
        let title: String

        var testDescription: String { type.rawValue }
    }

    static let event = Fixtures.eventID.uuidString.lowercased()

    static let rows: [Row] = [
        Row(
            type: .alarm, priority: 10, kept: true, collapseID: event, level: "time-sensitive", thread: "alarm",
            title: "Alarm"),
        Row(
            type: .fault, priority: 10, kept: true, collapseID: event, level: "time-sensitive", thread: "alarm",
            title: "Fault"),
        Row(
            type: .recovery, priority: 5, kept: true, collapseID: event, level: "active", thread: "alarm",
            title: "Recovered"),
        Row(
            type: .armed, priority: 5, kept: false, collapseID: "state-1", level: "active", thread: "state",
            title: "Armed"),
        Row(
            type: .disarmed, priority: 5, kept: false, collapseID: "state-1", level: "active", thread: "state",
            title: "Disarmed"),
        Row(type: .info, priority: 5, kept: true, collapseID: event, level: "passive", thread: "info", title: "Info"),
        Row(
            type: .command, priority: 5, kept: true, collapseID: event, level: "passive", thread: "info",
            title: "Command"),
        Row(
            type: .response, priority: 5, kept: true, collapseID: event, level: "passive", thread: "info",
            title: "Response"),
        Row(
            type: .unknown, priority: 5, kept: true, collapseID: event, level: "passive", thread: "info", title: "Event"
        ),
    ]

    @Test func everyTypeHasARow() {
        #expect(Set(Self.rows.map(\.type)) == Set(EventType.allCases))
    }

    @Test(arguments: rows)
    func headersFollowTheEventType(_ row: Row) throws {
        let notification = APNSNotification(
            event: Fixtures.event(row.type), topic: "com.example.alarm", now: Fixtures.now)
        let request = notification.request(deviceToken: Fixtures.apnsToken)
        let headers = Fixtures.headers(request.headerFields(authorization: Secret("jwt.jwt.jwt")))

        #expect(request.method == "POST")
        #expect(request.path == "/3/device/\(Fixtures.apnsToken)")
        #expect(headers["authorization"] == "bearer jwt.jwt.jwt")
        #expect(headers["apns-topic"] == "com.example.alarm")
        #expect(headers["apns-push-type"] == "alert")
        #expect(headers["apns-priority"] == String(row.priority))
        #expect(headers["apns-expiration"] == (row.kept ? "1700000300" : "0"))
        #expect(headers["apns-collapse-id"] == row.collapseID)
        #expect(headers["apns-id"] == request.apnsID.uuidString.lowercased())

        let aps = try #require(try Fixtures.object(request.body).object("aps"))
        #expect(aps.object("alert")?["title"] as? String == row.title)
        #expect(aps["thread-id"] as? String == row.thread)
        #expect(aps["interruption-level"] as? String == row.level)
        #expect((aps["sound"] as? String) == (row.level == "passive" ? nil : "default"))
    }

    @Test func certificateAuthenticationSendsNoAuthorization() {
        let request = APNSNotification(event: Fixtures.event(), topic: "t", now: Fixtures.now)
            .request(deviceToken: Fixtures.apnsToken)
        #expect(!request.headerFields(authorization: nil).contains { $0.name == "authorization" })
    }

    @Test func stateCollapsesPerPartition() {
        var event = Fixtures.event(.armed)
        event.partition = 3
        #expect(APNSNotification(event: event, topic: "t", now: Fixtures.now).collapseID == "state-3")
        event.partition = nil
        #expect(APNSNotification(event: event, topic: "t", now: Fixtures.now).collapseID == "state")
    }

    @Test func lifetimeComesFromThePolicy() {
        let policy = NotificationPolicy(lifetime: .seconds(90))
        let notification = APNSNotification(event: Fixtures.event(), topic: "t", policy: policy, now: Fixtures.now)
        #expect(notification.expiration == 1_700_000_090)
    }

    @Test func apnsIDIsTheSameForEveryRequestOfThePair() {
        let first = APNSNotification(event: Fixtures.event(), topic: "t", now: Fixtures.now)
        let later = APNSNotification(event: Fixtures.event(), topic: "t", now: Fixtures.now.addingTimeInterval(600))
        let id = first.request(deviceToken: Fixtures.apnsToken).apnsID
        #expect(later.request(deviceToken: Fixtures.apnsToken).apnsID == id)
        #expect(id == NameBasedUUID.apnsID(eventID: Fixtures.eventID, deviceToken: Fixtures.apnsToken))
        #expect(first.request(deviceToken: String(repeating: "0", count: 64)).apnsID != id)
    }

    @Test func payloadCarriesTheAlertAndTheEventFields() throws {
        let event = Fixtures.event()
        let payload = try Fixtures.object(APNSNotification(event: event, topic: "t", now: Fixtures.now).payload)
        #expect(payload.object("aps")?.object("alert")?["body"] as? String == "Zone alarm: Front door")
        // The Acknowledge action's members: AckActionTests.
        let custom = payload.filter { $0.key != "aps" && !$0.key.hasPrefix("ack_") }
        #expect(NSDictionary(dictionary: custom) == NSDictionary(dictionary: try Fixtures.object(event.jsonBytes())))
    }

    @Test func emptyMessageShowsTheCode() throws {
        let payload = try Fixtures.object(
            APNSNotification(event: Fixtures.event(message: ""), topic: "t", now: Fixtures.now).payload)
        #expect(payload.object("aps")?.object("alert")?["body"] as? String == "Code 601")
    }

    @Test func criticalAlarmsWhenConfigured() throws {
        let policy = NotificationPolicy(criticalAlarms: true, sound: "siren.caf", criticalVolume: 7)
        let alarm = try Fixtures.object(
            APNSNotification(event: Fixtures.event(), topic: "t", policy: policy, now: Fixtures.now).payload)
        let aps = try #require(alarm.object("aps"))
        #expect(aps["interruption-level"] as? String == "critical")
        let sound = try #require(aps.object("sound"))
        #expect(sound["critical"] as? Int == 1)
        #expect(sound["name"] as? String == "siren.caf")
        #expect(sound["volume"] as? Double == 1)

        let fault = try Fixtures.object(
            APNSNotification(event: Fixtures.event(.fault), topic: "t", policy: policy, now: Fixtures.now).payload)
        #expect(fault.object("aps")?["interruption-level"] as? String == "time-sensitive")
        #expect(fault.object("aps")?["sound"] as? String == "siren.caf")
    }

    @Test(arguments: [-1.0, .nan, 0.25])
    func criticalVolumeIsClamped(_ volume: Double) throws {
        let policy = NotificationPolicy(criticalAlarms: true, criticalVolume: volume)
        let payload = try Fixtures.object(
            APNSNotification(event: Fixtures.event(), topic: "t", policy: policy, now: Fixtures.now).payload)
        let expected = volume.isNaN ? 1 : min(max(volume, 0), 1)
        #expect(payload.object("aps")?.object("sound")?["volume"] as? Double == expected)
    }

    @Test func controlCharactersAndQuotesAreEscaped() throws {
        let message = "Line \"one\"\n\tback\\slash \u{01} ünïcödé 🚨 / done"
        let payload = try Fixtures.object(
            APNSNotification(event: Fixtures.event(message: message), topic: "t", now: Fixtures.now).payload)
        #expect(payload.object("aps")?.object("alert")?["body"] as? String == message)
        #expect(payload["message"] as? String == message)
    }
}

extension APNSNotificationTests {
    /// docs/push-notifications.md shows the payload of the fixture event, split over two lines,
    /// with an example acknowledgement token.
    @Test func documentedPayloadIsWhatIsSent() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let text = try String(contentsOf: root.appendingPathComponent("docs/push-notifications.md"), encoding: .utf8)
        let open = try #require(text.range(of: "```json\n"))
        let close = try #require(text.range(of: "\n```", range: open.upperBound..<text.endIndex))
        let documented = text[open.upperBound..<close.lowerBound].replacingOccurrences(of: "\n ", with: "")
        let token = AckToken.mint()
        let payload = APNSNotification(event: Fixtures.event(), topic: "t", now: Fixtures.now)
            .request(deviceToken: Fixtures.apnsToken, ackToken: token).body
        let sent = String(decoding: payload, as: UTF8.self).replacingOccurrences(of: token.value, with: "Xq3v9kT0bL2mN7pR4sW8yZ1cD5fG6hJ0kA3eB9uV2wE")
        #expect(documented == sent)
    }
}
