import AlarmCore
import Foundation
import PushDelivery
import Testing

/// What a browser's service worker gets for each event, and the headers the push service reads.
struct WebPushMessageTests {
    let now = Date(timeIntervalSince1970: 1_700_000_100)

    @Test func anAlarmIsUrgentKeptForItsLifetimeAndNamesItsEvent() throws {
        let message = WebPushMessage(event: Fixtures.event(), now: now, issuedAt: now.addingTimeInterval(-60))
        #expect(message.urgency == "high")
        #expect(message.timeToLive == 240)
        #expect(message.topic == Fixtures.eventID.uuidString.lowercased().filter { $0 != "-" })
        #expect(message.topic.count == 32)
        let payload = try Fixtures.object(message.payload)
        #expect(payload["title"] as? String == "Alarm")
        #expect(payload["body"] as? String == "Zone alarm: Front door")
        #expect(payload["event_id"] as? String == Fixtures.eventID.uuidString.lowercased())
        #expect(payload["type"] as? String == "alarm")
        #expect(payload["alarm"] as? Bool == true)
        #expect(payload["partition"] as? Int == 1)
        #expect(payload["zone"] as? Int == 1)
        #expect(payload["zone_name"] as? String == "Front door")
        #expect(payload["time"] as? Int == 1_700_000_000_000)
        #expect(payload["tag"] as? String == message.topic)
    }

    @Test func aNewStateReplacesTheOldOneAndIsNowOrNever() throws {
        let message = WebPushMessage(event: Fixtures.event(.armed, message: "Armed away"), now: now)
        #expect(message.urgency == "normal")
        #expect(message.timeToLive == 0)
        #expect(message.topic == "state-1")
        let payload = try Fixtures.object(message.payload)
        #expect(payload["alarm"] as? Bool == false)
        #expect(payload["tag"] as? String == "state-1")
    }

    @Test func aLongMessageIsShortenedToTheLimit() throws {
        let message = WebPushMessage(event: Fixtures.event(message: String(repeating: "é", count: 5000)), now: now)
        #expect(message.payload.count <= WebPushMessage.payloadLimit)
        let payload = try Fixtures.object(message.payload)
        #expect((payload["body"] as? String)?.hasSuffix("…") == true)
        #expect(payload["event_id"] as? String == Fixtures.eventID.uuidString.lowercased())
    }
}
