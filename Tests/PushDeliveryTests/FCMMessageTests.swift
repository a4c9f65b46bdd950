import AlarmCore
import Foundation
import PushDelivery
import Testing

@Suite struct FCMMessageTests {
    static func message(_ event: AlarmEvent, policy: NotificationPolicy = NotificationPolicy()) throws -> [String: Any]
    {
        let request = FCMMessage(event: event, policy: policy, now: Fixtures.now)
            .request(projectID: "alarm-project", deviceToken: Fixtures.fcmToken)
        return try #require(try Fixtures.object(request.body).object("message"))
    }

    @Test func requestLine() {
        let request = FCMMessage(event: Fixtures.event(), now: Fixtures.now)
            .request(projectID: "alarm-project", deviceToken: Fixtures.fcmToken)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/projects/alarm-project/messages:send")
        #expect(FCMRequest.host == "fcm.googleapis.com")
        let headers = Fixtures.headers(request.headerFields(authorization: Secret("ya29.token")))
        #expect(headers["authorization"] == "Bearer ya29.token")
        #expect(headers["content-type"] == "application/json; charset=UTF-8")
    }

    @Test func tokenNotificationAndData() throws {
        let message = try Self.message(Fixtures.event())
        #expect(message["token"] as? String == Fixtures.fcmToken)
        #expect(message.object("notification")?["title"] as? String == "Alarm")
        #expect(message.object("notification")?["body"] as? String == "Zone alarm: Front door")
        let data = try #require(message["data"] as? [String: String], "data must be a string map")
        // The Acknowledge action's fields: AckActionTests.
        #expect(
            data.filter { !$0.key.hasPrefix("ack_") } == [
                "type": "alarm", "code": "601", "message": "Zone alarm: Front door", "raw": "601 1001",
                "timestamp": "1700000000", "id": Fixtures.eventID.uuidString.lowercased(),
                "source": "howalarming-envisalink", "sequence": "4711", "partition": "1", "zone": "1",
                "zone_name": "Front door",
            ])
    }

    @Test func optionalFieldsAreLeftOutWhenAbsent() throws {
        let event = AlarmEvent(
            type: .alarm, code: "123", message: "event details string", raw: "123ABC", timestamp: 1_199_145_600)
        let data = try #require(try Self.message(event)["data"] as? [String: String])
        #expect(Set(data.keys) == ["type", "code", "message", "raw", "timestamp", "ack_path", "ack_token"])
        var answer = event
        answer.user = 40
        answer.userName = "Anna"
        answer.commandID = Fixtures.eventID
        let withUser = try #require(try Self.message(answer)["data"] as? [String: String])
        #expect(withUser["user"] == "40" && withUser["user_name"] == "Anna")
        #expect(withUser["command_id"] == Fixtures.eventID.uuidString.lowercased())
    }

    @Test(arguments: APNSNotificationTests.rows)
    func platformBlocksFollowTheEventType(_ row: APNSNotificationTests.Row) throws {
        let message = try Self.message(Fixtures.event(row.type))
        let android = try #require(message.object("android"))
        #expect(android["priority"] as? String == (row.priority == 10 ? "high" : "normal"))
        #expect(android["ttl"] as? String == (row.kept ? "300s" : "0s"))
        #expect(android["collapse_key"] as? String == (row.kept ? nil : row.collapseID))
        #expect(android.object("notification")?["tag"] as? String == row.collapseID)
        #expect(
            (android.object("notification")?["notification_priority"] as? String)
                == (row.type == .alarm ? "PRIORITY_MAX" : nil))

        let apns = try #require(message.object("apns"))
        #expect(
            apns.object("headers") as? [String: String] == [
                "apns-priority": String(row.priority), "apns-expiration": row.kept ? "1700000300" : "0",
                "apns-push-type": "alert", "apns-collapse-id": row.collapseID,
            ])
        let aps = try #require(apns.object("payload")?.object("aps"))
        #expect(aps["interruption-level"] as? String == row.level)
        #expect(aps["thread-id"] as? String == row.thread)
        #expect(aps["alert"] == nil, "FCM fills the alert from notification")
    }

    /// FCM keeps at most four collapse keys per offline device: a key per alarm could drop the
    /// first alarm. Events of their own replace their redeliveries on the phone by `tag` instead.
    @Test(arguments: [EventType.alarm, .fault, .recovery, .info])
    func eventsOfTheirOwnCarryATagAndNoCollapseKey(_ type: EventType) throws {
        let android = try #require(try Self.message(Fixtures.event(type)).object("android"))
        #expect(android["collapse_key"] == nil)
        #expect(android.object("notification")?["tag"] as? String == Fixtures.eventID.uuidString.lowercased())
    }

    @Test func alarmChannelAndCriticalSoundWhenConfigured() throws {
        let policy = NotificationPolicy(criticalAlarms: true, androidAlarmChannel: "alarms")
        let alarm = try Self.message(Fixtures.event(), policy: policy)
        #expect(alarm.object("android")?.object("notification")?["channel_id"] as? String == "alarms")
        let aps = try #require(alarm.object("apns")?.object("payload")?.object("aps"))
        #expect(aps["interruption-level"] as? String == "critical")
        #expect(aps.object("sound")?["critical"] as? Int == 1)

        let armed = try Self.message(Fixtures.event(.armed), policy: policy)
        #expect(armed.object("android")?.object("notification")?["channel_id"] == nil)
    }

    @Test func eventIDIsTheDeliveryID() {
        #expect(FCMMessage(event: Fixtures.event(), now: Fixtures.now).eventID == Fixtures.eventID)
    }
}

extension FCMMessageTests {
    @Test(arguments: [(Duration.seconds(-5), "0s"), (.seconds(90), "90s"), (.seconds(90 * 86_400), "2419200s")])
    func lifetimeIsWithinFCMsRange(_ lifetime: Duration, _ ttl: String) throws {
        let message = try Self.message(Fixtures.event(), policy: NotificationPolicy(lifetime: lifetime))
        #expect(message.object("android")?["ttl"] as? String == ttl)
    }
}
