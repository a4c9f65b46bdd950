import AlarmCore
import Crypto
import Foundation
import PushDelivery
import PushMocks
import Testing

/// The Acknowledge action of alarm notifications on every platform, and the per-notification
/// acknowledgement token each device gets.
@Suite struct AckActionTests {
    static let path = "/v1/alarms/\(Fixtures.eventID.uuidString.lowercased())/ack"
    static let notAlarms = EventType.allCases.filter { $0 != .alarm }

    /// Base64url of SHA-256, computed here independently of the code under test.
    static func sha256(_ text: String) -> String {
        Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func aMintedTokenIs256RandomBitsInBase64URLAndHashesWithSHA256() {
        let tokens = (0..<100).map { _ in AckToken.mint() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.value.count == AckToken.length)
            #expect(token.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(token.hash == Self.sha256(token.value))
        }
    }

    @Test func aTokenNeverDescribesItself() {
        let token = AckToken.mint()
        for text in ["\(token)", String(reflecting: token), "\([token])"] {
            #expect(!text.contains(token.value), "\(text)")
        }
    }

    @Test func anAPNsAlarmHasTheCategoryThePathAndEachDevicesOwnToken() throws {
        let notification = APNSNotification(event: Fixtures.event(), topic: "com.example.alarm", now: Fixtures.now)
        let (anna, ben) = (AckToken.mint(), AckToken.mint())
        let forAnna = try Fixtures.object(notification.request(deviceToken: Fixtures.apnsToken, ackToken: anna).body)
        let forBen = try Fixtures.object(notification.request(deviceToken: Fixtures.apnsToken, ackToken: ben).body)
        #expect(forAnna.object("aps")?["category"] as? String == "HOWALARMING_ALARM")
        #expect(forAnna["ack_path"] as? String == Self.path)
        #expect(forAnna["ack_token"] as? String == anna.value)
        #expect(forBen["ack_token"] as? String == ben.value)
        #expect(forAnna["type"] as? String == "alarm", "the event's own fields follow")
        #expect(forAnna["id"] as? String == Fixtures.eventID.uuidString.lowercased())
    }

    @Test(arguments: notAlarms)
    func otherAPNsNotificationsHaveNoAction(_ type: EventType) throws {
        let request = APNSNotification(event: Fixtures.event(type), topic: "t", now: Fixtures.now)
            .request(deviceToken: Fixtures.apnsToken, ackToken: AckToken.mint())
        let payload = try Fixtures.object(request.body)
        #expect(payload.object("aps")?["category"] == nil)
        #expect(payload["ack_token"] == nil && payload["ack_path"] == nil)
    }

    @Test func anFCMAlarmCarriesTheTokenInDataAndTheCategoryForAndroidAndIOS() throws {
        let token = AckToken.mint()
        let request = FCMMessage(event: Fixtures.event(), now: Fixtures.now)
            .request(projectID: "alarm-project", deviceToken: Fixtures.fcmToken, ackToken: token)
        let message = try #require(try Fixtures.object(request.body).object("message"))
        let data = try #require(message["data"] as? [String: String], "data must be a string map")
        #expect(data["ack_token"] == token.value)
        #expect(data["ack_path"] == Self.path)
        #expect(data["type"] == "alarm")
        #expect(message.object("android")?.object("notification")?["click_action"] as? String == "HOWALARMING_ALARM")
        #expect(message.object("apns")?.object("payload")?.object("aps")?["category"] as? String == "HOWALARMING_ALARM")
    }

    @Test(arguments: notAlarms)
    func otherFCMMessagesHaveNoAction(_ type: EventType) throws {
        let request = FCMMessage(event: Fixtures.event(type), now: Fixtures.now)
            .request(projectID: "p", deviceToken: Fixtures.fcmToken, ackToken: AckToken.mint())
        let message = try #require(try Fixtures.object(request.body).object("message"))
        #expect(message.object("data")?["ack_token"] == nil && message.object("data")?["ack_path"] == nil)
        #expect(message.object("android")?.object("notification")?["click_action"] == nil)
        #expect(message.object("apns")?.object("payload")?.object("aps")?["category"] == nil)
    }

    @Test func aWebPushAlarmCarriesThePathAndTheBrowsersToken() throws {
        let token = AckToken.mint()
        let message = WebPushMessage(event: Fixtures.event(), now: Fixtures.now)
        let payload = try Fixtures.object(message.payload(ackToken: token))
        #expect(payload["ack_token"] as? String == token.value)
        #expect(payload["ack_path"] as? String == Self.path)
        #expect(payload["event_id"] as? String == Fixtures.eventID.uuidString.lowercased())
        for type in Self.notAlarms {
            let other = try Fixtures.object(WebPushMessage(event: Fixtures.event(type), now: Fixtures.now).payload(ackToken: token))
            #expect(other["ack_token"] == nil && other["ack_path"] == nil, "\(type)")
        }
    }

    @Test func theTokenKeepsALongAlarmWithinEachProvidersLimit() throws {
        let event = Fixtures.event(message: String(repeating: "Zone alarm: \"Front\" door ", count: 400))
        let token = AckToken.mint()
        let apns = APNSNotification(event: event, topic: "t", now: Fixtures.now)
            .request(deviceToken: Fixtures.apnsToken, ackToken: token).body
        #expect(apns.count <= APNSNotification.payloadLimit)
        #expect(try Fixtures.object(apns)["ack_token"] as? String == token.value)
        let web = WebPushMessage(event: event, now: Fixtures.now).payload(ackToken: token)
        #expect(web.count <= WebPushMessage.payloadLimit)
        #expect(try Fixtures.object(web)["ack_token"] as? String == token.value)
    }

    @Test func aZoneNamedLikeTheTokensKeyDoesNotMoveTheSlot() throws {
        var event = Fixtures.event(message: #"x","ack_token":"\#(String(repeating: "0", count: AckToken.length))"#)
        event.zoneName = event.message
        let token = AckToken.mint()
        let payload = try Fixtures.object(
            APNSNotification(event: event, topic: "t", now: Fixtures.now).request(deviceToken: Fixtures.apnsToken, ackToken: token).body)
        #expect(payload["ack_token"] as? String == token.value)
        #expect(payload["message"] as? String == event.message)
        #expect(payload["zone_name"] as? String == event.message)
    }

    @Test func theSenderReportsTheHashOfTheTokenThePhoneGot() async throws {
        let phone = try RegistryFixtures.device(.ios, RegistryFixtures.apnsToken("a"))
        try await APNSStage.run { stage in
            let first = await stage.send(Fixtures.event(), to: phone)
            let second = await stage.send(Fixtures.event(), to: phone)
            let bodies = try await stage.mock.waitForRequests(count: 2).map { try Fixtures.object($0.body) }
            let tokens = bodies.compactMap { $0["ack_token"] as? String }
            #expect(tokens.count == 2)
            #expect(Set(tokens).count == 2, "every send gets a token of its own")
            #expect([first.ackTokenHash, second.ackTokenHash] == tokens.map(Self.sha256))
            let fault = await stage.send(Fixtures.event(.fault), to: phone)
            #expect(fault.ackTokenHash == nil)
        }
    }
}
