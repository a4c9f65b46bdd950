import AlarmCore
import Foundation
import PushDelivery
import Testing

/// Payloads stay within 4096 bytes by shortening text, never dropping the event's identity.
@Suite struct PayloadBudgetTests {
    /// The APNs payload and the FCM message (without token) for `event`.
    private static func payloads(_ event: AlarmEvent) -> [(name: String, bytes: [UInt8], limit: Int)] {
        let fcm = FCMMessage(event: event, now: Fixtures.now).request(projectID: "p", deviceToken: "")
        let fcmMessage = Array(fcm.body)
        return [
            (
                "apns", APNSNotification(event: event, topic: "t", now: Fixtures.now).payload,
                APNSNotification.payloadLimit
            ),
            ("fcm", fcmMessage, FCMMessage.payloadLimit + #"{"message":{"token":"",}"#.utf8.count),
        ]
    }

    /// The event fields as a payload carries them: APNs at the top level, FCM under `message.data`.
    private static func fields(_ name: String, _ bytes: [UInt8]) throws -> [String: Any] {
        let object = try Fixtures.object(bytes)
        return name == "apns" ? object : try #require(object.object("message")?.object("data"))
    }

    @Test func smallEventsAreUntouched() throws {
        for (name, bytes, _) in Self.payloads(Fixtures.event()) {
            #expect(try Self.fields(name, bytes)["message"] as? String == "Zone alarm: Front door", "\(name)")
        }
    }

    @Test func hugeMessageIsShortenedFirst() throws {
        let message = String(repeating: "Zone alarm: Front door ", count: 50_000)
        for (name, bytes, limit) in Self.payloads(Fixtures.event(message: message)) {
            #expect(bytes.count <= limit, "\(name)")
            #expect(bytes.count > limit - 32, "\(name): shortened only as far as needed")
            let fields = try Self.fields(name, bytes)
            let shortened = try #require(fields["message"] as? String)
            #expect(shortened.hasSuffix("…"))
            #expect(message.hasPrefix(shortened.dropLast()))
            #expect(fields["raw"] as? String == "601 1001", "\(name): raw untouched while the message suffices")
            #expect(fields["type"] as? String == "alarm")
            #expect(fields["id"] as? String == Fixtures.eventID.uuidString.lowercased())
            #expect(fields["zone_name"] as? String == "Front door")
        }
    }

    @Test func everyFreeTextFieldGivesWayButIdentityStays() throws {
        var event = Fixtures.event(message: String(repeating: "🚨", count: 3000))
        event.raw = String(repeating: "\u{01}", count: 3000)
        event.zoneName = String(repeating: "z", count: 3000)
        event.source = String(repeating: "s", count: 3000)
        event.code = String(repeating: "9", count: 3000)
        for (name, bytes, limit) in Self.payloads(event) {
            #expect(bytes.count <= limit, "\(name)")
            let fields = try Self.fields(name, bytes)
            #expect(fields["type"] as? String == "alarm")
            #expect(fields["id"] as? String == Fixtures.eventID.uuidString.lowercased())
            #expect(fields["timestamp"] != nil)
            #expect(fields["sequence"] != nil)
            let message = try #require(fields["message"] as? String)
            #expect(message.isEmpty || message.unicodeScalars.allSatisfy { $0 == "🚨" || $0 == "…" })
        }
    }

    @Test func multiByteTextIsCutBetweenCharacters() throws {
        let message = String(repeating: "🇨🇭é", count: 2000)
        for (name, bytes, _) in Self.payloads(Fixtures.event(message: message)) {
            let shortened = try #require(try Self.fields(name, bytes)["message"] as? String)
            #expect(message.hasPrefix(shortened.dropLast()), "\(name)")
        }
    }
}
