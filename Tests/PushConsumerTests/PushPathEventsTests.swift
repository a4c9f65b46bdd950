import AlarmCore
import Foundation
import PushDelivery
import Testing

@testable import PushConsumer

/// The push path's own events: what they say, and that they say nothing secret.
@Suite("Push path events")
struct PushPathEventsTests {
    static let token = String(repeating: "ab", count: 32)

    @Test func aHaltNamesTheProviderWhatItRefusesTheReasonAndTheDevicesHeld() {
        let apns = PushPathEvents.halted(.apns, reason: "InvalidProviderToken", heldDevices: 3, timestamp: 1_700_000_000)
        #expect(apns.type == .fault && apns.code == "push" && apns.raw == "apns" && apns.timestamp == 1_700_000_000)
        #expect(apns.message == "APNs refuses our credentials (InvalidProviderToken): notifications to 3 iPhones are held")
        #expect(
            PushPathEvents.halted(.apns, reason: "BadTopic", heldDevices: 1, timestamp: 0).message
                == "APNs refuses our topic (BadTopic): notifications to 1 iPhone are held")
        #expect(
            PushPathEvents.halted(.fcm, reason: "SENDER_ID_MISMATCH", heldDevices: 2, timestamp: 0).message
                == "FCM refuses our project (SENDER_ID_MISMATCH): notifications to 2 Android phones are held")
        #expect(
            PushPathEvents.halted(.webPush, reason: "HTTP 403", heldDevices: 2, timestamp: 0).message
                == "Web Push refuses our VAPID key (HTTP 403): notifications to 2 browsers are held")
        #expect(
            PushPathEvents.halted(.fcm, reason: "credential: token refused: invalid_grant", heldDevices: 1, timestamp: 0)
                .message == "FCM cannot use our credentials (token refused: invalid_grant): notifications to 1 Android phone are held")
    }

    @Test func theRecoveryNamesTheProviderAndTheHaltItEnds() {
        let event = PushPathEvents.resumed(.apns, haltedFor: "InvalidProviderToken", timestamp: 1_700_000_060)
        #expect(event.type == .recovery && event.code == "push" && event.raw == "apns")
        #expect(event.message == "APNs sends again (halted for InvalidProviderToken): held notifications go out")
    }

    @Test func aPrunedPhoneIsNamedOrElseItsPlatformAndIDNeverItsToken() throws {
        let now = Date()
        var phone = RegisteredDevice(
            token: try DeviceToken(Self.token, provider: .apns), platform: .ios, name: "Anna's iPhone", createdAt: now,
            registeredAt: now)
        let named = PushPathEvents.pruned(phone, reason: "Unregistered", timestamp: 1_700_000_000)
        #expect(named.type == .info && named.code == "pruned" && named.raw == phone.id.description)
        #expect(named.message == "Anna's iPhone will no longer receive alarms (Unregistered)")
        phone.name = nil
        let unnamed = PushPathEvents.pruned(phone, reason: "BadDeviceToken", timestamp: 0)
        #expect(unnamed.message == "ios device \(phone.id) will no longer receive alarms (BadDeviceToken)")
        for event in [named, unnamed] {
            #expect(!String(decoding: event.jsonBytes(), as: UTF8.self).contains(Self.token))
        }
    }
}
