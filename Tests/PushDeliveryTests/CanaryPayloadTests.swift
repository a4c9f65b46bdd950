import AlarmCore
import Foundation
import PushDelivery
import Testing

/// The canary (`push.canary`) is a low-priority notification on every platform: APNs priority 5
/// and passive (silent, not time-sensitive), Android `normal`, Web Push `Urgency: low`.
@Suite struct CanaryPayloadTests {
    static let canary = AlarmEvent.canary(day: "2026-11-26", timestamp: 1_700_000_000)

    @Test func theCanaryIsOneEventPerDay() throws {
        #expect(Self.canary.isCanary)
        #expect(Self.canary.type == .info && Self.canary.code == "canary")
        #expect(Self.canary.message == "HowAlarming test: this phone will receive alarms")
        let again = AlarmEvent.canary(day: "2026-11-26", timestamp: 1_700_000_060)
        #expect(again.id != nil && again.id == Self.canary.id)
        #expect(AlarmEvent.canary(day: "2026-11-27", timestamp: 1_700_000_000).id != Self.canary.id)
        #expect(!AlarmEvent(type: .info, code: "pruned", timestamp: 0).isCanary)
        #expect(!AlarmEvent(type: .fault, code: "canary", timestamp: 0).isCanary)
    }

    @Test func apnsGetsPriorityFiveAndAPassiveSilentAlert() throws {
        let request = APNSNotification(event: Self.canary, topic: "com.example.alarm", now: Fixtures.now)
            .request(deviceToken: Fixtures.apnsToken)
        let headers = Fixtures.headers(request.headerFields(authorization: Secret("jwt.jwt.jwt")))
        #expect(headers["apns-priority"] == "5")
        #expect(headers["apns-expiration"] == "1700000300", "kept for the lifetime, as other notices")
        let aps = try #require(try Fixtures.object(request.body).object("aps"))
        #expect(aps["interruption-level"] as? String == "passive")
        #expect(aps["sound"] == nil)
        #expect(aps["category"] == nil, "nothing to acknowledge")
        #expect(aps.object("alert")?["title"] as? String == "Test")
        #expect(aps.object("alert")?["body"] as? String == "HowAlarming test: this phone will receive alarms")
    }

    @Test func fcmGetsNormalPriorityOnAndroidAndPriorityFiveForIPhones() throws {
        let request = FCMMessage(event: Self.canary, now: Fixtures.now)
            .request(projectID: "alarm-project", deviceToken: Fixtures.fcmToken)
        let message = try #require(try Fixtures.object(request.body).object("message"))
        #expect(message.object("android")?["priority"] as? String == "normal")
        #expect(message.object("android")?.object("notification")?["notification_priority"] == nil)
        #expect(message.object("apns")?.object("headers")?["apns-priority"] as? String == "5")
        #expect(message.object("apns")?.object("payload")?.object("aps")?["interruption-level"] as? String == "passive")
        #expect((message["data"] as? [String: String])?["code"] == "canary")
    }

    @Test func webPushGetsLowUrgencyWhereOtherNoticesGetNormal() throws {
        let message = WebPushMessage(event: Self.canary, now: Fixtures.now)
        #expect(message.urgency == "low")
        #expect(WebPushMessage(event: Fixtures.event(.info), now: Fixtures.now).urgency == "normal")
        let payload = try Fixtures.object(message.payload)
        #expect(payload["title"] as? String == "Test")
        #expect(payload["alarm"] as? Bool == false)
        #expect(payload["ack_path"] == nil)
    }
}
