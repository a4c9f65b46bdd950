import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

/// An escalation (`info`, code `escalation`, `raw` the alarm's id) is presented as the alarm it
/// escalates on every platform: title "Alarm", urgent, time-sensitive or critical, thread
/// `alarm`, and the Acknowledge action with the alarm's `ack_path` and each device's own token.
@Suite struct EscalationPayloadTests {
    static let escalationID = UUID(uuidString: "3f0d6c1e-6b1a-5c2e-9f4d-7a8b9c0d1e2f")!
    /// The alarm's path: `raw` is written in upper case below, the path is lower case.
    static let alarmPath = "/v1/alarms/\(Fixtures.eventID.uuidString.lowercased())/ack"

    /// The first escalation of ``Fixtures/event(_:message:)``, as `howalarming-command` puts it.
    static func escalation(raw: String = Fixtures.eventID.uuidString.uppercased()) -> AlarmEvent {
        AlarmEvent(
            type: .info, code: "escalation",
            message: "Alarm not acknowledged after 60 s (escalation 1 of 5): Zone alarm: Front door", raw: raw,
            timestamp: 1_700_000_060, id: escalationID, source: "howalarming-command", partition: 1, zone: 1,
            zoneName: "Front door")
    }

    @Test func anEscalationIsAnInfoEventWithTheCodeAndItsAlarmsIDInRaw() {
        #expect(Self.escalation().isEscalation)
        #expect(Self.escalation().escalatedAlarmID == Fixtures.eventID)
        #expect(Self.escalation(raw: "601 1001").isEscalation)
        #expect(Self.escalation(raw: "601 1001").escalatedAlarmID == nil)
        #expect(!AlarmEvent(type: .alarm, code: "escalation", raw: Fixtures.eventID.uuidString, timestamp: 0).isEscalation)
        #expect(AlarmEvent(type: .alarm, code: "escalation", raw: Fixtures.eventID.uuidString, timestamp: 0).escalatedAlarmID == nil)
        #expect(!AlarmEvent(type: .info, code: "acknowledged", raw: Fixtures.eventID.uuidString, timestamp: 0).isEscalation)
    }

    @Test func apnsGetsAnUrgentTimeSensitiveAlarmWithTheAlarmsAckPath() throws {
        let token = AckToken.mint()
        let notification = APNSNotification(event: Self.escalation(), topic: "com.example.alarm", now: Fixtures.now)
        #expect(notification.acknowledgeable)
        let request = notification.request(deviceToken: Fixtures.apnsToken, ackToken: token)
        let headers = Fixtures.headers(request.headerFields(authorization: Secret("jwt.jwt.jwt")))
        #expect(headers["apns-priority"] == "10")
        #expect(headers["apns-expiration"] == "1700000300")
        #expect(headers["apns-collapse-id"] == Self.escalationID.uuidString.lowercased(), "its own, not the alarm's")
        let payload = try Fixtures.object(request.body)
        let aps = try #require(payload.object("aps"))
        #expect(aps.object("alert")?["title"] as? String == "Alarm")
        #expect(aps.object("alert")?["body"] as? String == Self.escalation().message)
        #expect(aps["interruption-level"] as? String == "time-sensitive")
        #expect(aps["sound"] as? String == "default")
        #expect(aps["thread-id"] as? String == "alarm")
        #expect(aps["category"] as? String == "HOWALARMING_ALARM")
        #expect(payload["ack_path"] as? String == Self.alarmPath)
        #expect(payload["ack_token"] as? String == token.value)
        #expect(payload["type"] as? String == "info" && payload["code"] as? String == "escalation")
        #expect(payload["id"] as? String == Self.escalationID.uuidString.lowercased())
    }

    @Test func criticalAlarmsMakeEscalationsCriticalToo() throws {
        let policy = NotificationPolicy(criticalAlarms: true, sound: "siren.caf", androidAlarmChannel: "alarms")
        let apns = try Fixtures.object(
            APNSNotification(event: Self.escalation(), topic: "t", policy: policy, now: Fixtures.now)
                .request(deviceToken: Fixtures.apnsToken).body)
        #expect(apns.object("aps")?["interruption-level"] as? String == "critical")
        #expect(apns.object("aps")?.object("sound")?["name"] as? String == "siren.caf")
        let fcm = try #require(
            try Fixtures.object(
                FCMMessage(event: Self.escalation(), policy: policy, now: Fixtures.now)
                    .request(projectID: "p", deviceToken: Fixtures.fcmToken).body
            ).object("message"))
        #expect(fcm.object("apns")?.object("payload")?.object("aps")?["interruption-level"] as? String == "critical")
        #expect(fcm.object("android")?.object("notification")?["channel_id"] as? String == "alarms")
        // Other info events stay passive whatever the policy.
        let info = try Fixtures.object(
            APNSNotification(event: Fixtures.event(.info), topic: "t", policy: policy, now: Fixtures.now)
                .request(deviceToken: Fixtures.apnsToken).body)
        #expect(info.object("aps")?["interruption-level"] as? String == "passive")
    }

    @Test func fcmGetsAHighPriorityAlarmWithTheAlarmsAckPathInData() throws {
        let token = AckToken.mint()
        let fcmMessage = FCMMessage(event: Self.escalation(), now: Fixtures.now)
        #expect(fcmMessage.acknowledgeable)
        let request = fcmMessage.request(projectID: "alarm-project", deviceToken: Fixtures.fcmToken, ackToken: token)
        let message = try #require(try Fixtures.object(request.body).object("message"))
        #expect(message.object("notification")?["title"] as? String == "Alarm")
        let data = try #require(message["data"] as? [String: String], "data must be a string map")
        #expect(data["ack_path"] == Self.alarmPath)
        #expect(data["ack_token"] == token.value)
        #expect(data["code"] == "escalation")
        #expect(data["raw"] == Fixtures.eventID.uuidString.uppercased(), "the event's own fields, unchanged")
        let android = try #require(message.object("android"))
        #expect(android["priority"] as? String == "high")
        #expect(android["ttl"] as? String == "300s")
        #expect(android.object("notification")?["notification_priority"] as? String == "PRIORITY_MAX")
        #expect(android.object("notification")?["click_action"] as? String == "HOWALARMING_ALARM")
        #expect(android.object("notification")?["tag"] as? String == Self.escalationID.uuidString.lowercased())
        let apns = try #require(message.object("apns"))
        #expect(apns.object("headers")?["apns-priority"] as? String == "10")
        let aps = try #require(apns.object("payload")?.object("aps"))
        #expect(aps["interruption-level"] as? String == "time-sensitive")
        #expect(aps["category"] as? String == "HOWALARMING_ALARM")
        #expect(aps["thread-id"] as? String == "alarm")
    }

    @Test func webPushGetsAHighUrgencyAlarmWithTheAlarmsAckPath() throws {
        let token = AckToken.mint()
        let message = WebPushMessage(event: Self.escalation(), now: Fixtures.now)
        #expect(message.acknowledgeable)
        #expect(message.urgency == "high")
        #expect(message.timeToLive == 300)
        #expect(message.topic == Self.escalationID.uuidString.lowercased().filter { $0 != "-" })
        let payload = try Fixtures.object(message.payload(ackToken: token))
        #expect(payload["title"] as? String == "Alarm")
        #expect(payload["alarm"] as? Bool == true)
        #expect(payload["type"] as? String == "info")
        #expect(payload["event_id"] as? String == Self.escalationID.uuidString.lowercased())
        #expect(payload["ack_path"] as? String == Self.alarmPath)
        #expect(payload["ack_token"] as? String == token.value)
    }

    /// Without the alarm's id there is nothing to acknowledge: still presented as an alarm, but
    /// with no action and no token on any platform.
    @Test(arguments: ["601 1001", "", "8c4e7d2a-1f0b-4a8e-9c3d", "/v1/alarms/../x"])
    func anEscalationWhoseRawIsNoUUIDHasNoAction(_ raw: String) throws {
        let escalation = Self.escalation(raw: raw)
        let token = AckToken.mint()
        let notification = APNSNotification(event: escalation, topic: "t", now: Fixtures.now)
        #expect(!notification.acknowledgeable)
        let apns = try Fixtures.object(notification.request(deviceToken: Fixtures.apnsToken, ackToken: token).body)
        #expect(apns.object("aps")?["category"] == nil)
        #expect(apns["ack_path"] == nil && apns["ack_token"] == nil)
        #expect(apns.object("aps")?.object("alert")?["title"] as? String == "Alarm")
        #expect(apns.object("aps")?["interruption-level"] as? String == "time-sensitive")

        let fcmMessage = FCMMessage(event: escalation, now: Fixtures.now)
        #expect(!fcmMessage.acknowledgeable)
        let fcm = try #require(
            try Fixtures.object(fcmMessage.request(projectID: "p", deviceToken: Fixtures.fcmToken, ackToken: token).body)
                .object("message"))
        #expect(fcm.object("data")?["ack_path"] == nil && fcm.object("data")?["ack_token"] == nil)
        #expect(fcm.object("android")?.object("notification")?["click_action"] == nil)
        #expect(fcm.object("apns")?.object("payload")?.object("aps")?["category"] == nil)

        let web = WebPushMessage(event: escalation, now: Fixtures.now)
        #expect(!web.acknowledgeable)
        let payload = try Fixtures.object(web.payload(ackToken: token))
        #expect(payload["ack_path"] == nil && payload["ack_token"] == nil)
        #expect(payload["alarm"] as? Bool == true)
    }

    @Test func eachSenderMintsATokenForAnEscalationAndReportsItsHash() async throws {
        let escalation = Self.escalation()
        try await APNSStage.run { stage in
            let phone = try RegistryFixtures.device(.ios, RegistryFixtures.apnsToken("e"))
            let report = await stage.send(escalation, to: phone)
            let body = try Fixtures.object(try #require(try await stage.mock.waitForRequests(count: 1).first).body)
            let token = try #require(body["ack_token"] as? String)
            #expect(report.ackTokenHash == AckActionTests.sha256(token))
        }
        try await FCMStage.run { stage in
            let phone = try RegistryFixtures.device(.android, RegistryFixtures.fcmToken("-e"))
            let report = await stage.send(escalation, to: phone)
            let body = try Fixtures.object(try #require(try await stage.mock.waitForRequests(count: 1).first).body)
            let token = try #require((body.object("message")?["data"] as? [String: String])?["ack_token"])
            #expect(report.ackTokenHash == AckActionTests.sha256(token))
        }
        try await WebPushStage.run { stage in
            let browser = TestBrowser()
            let report = await stage.send(escalation, to: try stage.device("hall", browser: browser))
            let request = try #require(try await stage.mock.waitForRequests(count: 1).first)
            let plaintext = try WebPushTestDecryptor.decrypt(
                request.body, userAgentKey: browser.key, authSecret: browser.authSecret)
            let token = try #require(try Fixtures.object(plaintext)["ack_token"] as? String)
            #expect(report.ackTokenHash == AckActionTests.sha256(token))
        }
    }
}
