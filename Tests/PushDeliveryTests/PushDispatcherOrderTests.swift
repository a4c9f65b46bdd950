import AlarmCore
import Foundation
import PushDelivery
import Testing

/// After a provider outage, each device gets its notifications in the order of their events,
/// and a notification whose lifetime ended is not sent at all.
@Suite("Push dispatcher: order per device, lifetime")
struct PushDispatcherOrderTests {
    static let outage = DeliveryOutcome.retry(after: nil, reason: "ServiceUnavailable", freshConnection: true)
    let settings = DispatchSettings(attemptsPerRun: 1, lifetime: .seconds(300), orderWait: .seconds(1))

    @Test func aLaterEventWaitsForADeviceThatHasNotHadTheEarlierOne() async throws {
        let bench = try DispatchBench(settings: settings)
        let phones = try await bench.addPhones(2)
        let armed = Self.event(.armed)
        let disarmed = Self.event(.disarmed)
        bench.apns.script(phones[0], [Self.outage])

        #expect(try await bench.dispatcher.deliver(armed) == .release(after: nil))
        // phones[0] still waits for "armed": "disarmed" goes to phones[1] only.
        #expect(try await bench.dispatcher.deliver(disarmed) == .release(after: .seconds(1)))
        #expect(try await bench.dispatcher.deliver(disarmed) == .release(after: .seconds(1)))

        #expect(try await bench.dispatcher.deliver(armed) == .delete)
        #expect(try await bench.dispatcher.deliver(disarmed) == .delete)
        let toFirstPhone = bench.apns.sendLog.filter { $0.token == phones[0] }.map(\.eventID)
        #expect(toFirstPhone == [armed.stableID, armed.stableID, disarmed.stableID])
        let toSecondPhone = bench.apns.sendLog.filter { $0.token == phones[1] }.map(\.eventID)
        #expect(toSecondPhone == [armed.stableID, disarmed.stableID])
    }

    @Test func anEarlierEventPastItsLifetimeNoLongerHoldsTheDeviceUp() async throws {
        let clock = FakeClock()
        let bench = try DispatchBench(settings: settings, clock: clock.clock)
        let phone = try #require(try await bench.addPhones(1).first)
        let first = Self.event(.alarm)
        let second = Self.event(.alarm)
        bench.apns.script(phone, [Self.outage])

        #expect(try await bench.dispatcher.deliver(first) == .release(after: nil))
        #expect(try await bench.dispatcher.deliver(second) == .release(after: .seconds(1)))
        clock.advance(by: .seconds(301))
        // "first" is past its lifetime: "second" (queued later) goes without it.
        #expect(try await bench.dispatcher.deliver(second, issuedAt: clock.clock.now.addingTimeInterval(-10)) == .delete)
        #expect(bench.apns.sendLog.map(\.eventID) == [first.stableID, second.stableID])
        #expect(try await bench.dispatcher.deliver(first, issuedAt: clock.clock.now.addingTimeInterval(-301)) == .expired(devices: 1))
    }

    @Test func aNotificationPastItsLifetimeIsNotSent() async throws {
        let bench = try DispatchBench(settings: settings)
        try await bench.addPhones(2)
        let event = Self.event(.alarm)

        #expect(try await bench.dispatcher.deliver(event, issuedAt: Date().addingTimeInterval(-301)) == .expired(devices: 2))
        #expect(bench.apns.sends.isEmpty)
    }

    @Test func theLifetimeIsAtLeastAMinuteForRetries() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(lifetime: .zero))
        let phone = try #require(try await bench.addPhones(1).first)
        let event = Self.event(.alarm)

        #expect(try await bench.dispatcher.deliver(event, issuedAt: Date().addingTimeInterval(-50)) == .delete)
        #expect(bench.apns.sends == [phone])
        #expect(try await bench.dispatcher.deliver(Self.event(.alarm), issuedAt: Date().addingTimeInterval(-61)) == .expired(devices: 1))
    }

    /// A distinct event of `type`.
    static func event(_ type: EventType) -> AlarmEvent {
        var event = Fixtures.event(type)
        event.id = UUID()
        return event
    }

    @Test func theProvidersKeepItOnlyForWhatIsLeftOfItsLifetime() throws {
        let issued = Date(timeIntervalSince1970: 1_700_000_000)
        let now = issued.addingTimeInterval(120)
        let apns = APNSNotification(event: Fixtures.event(.alarm), topic: "com.example.alarm", now: now, issuedAt: issued)
        #expect(apns.expiration == 1_700_000_300)
        let fcm = FCMMessage(event: Fixtures.event(.alarm), now: now, issuedAt: issued)
        let message = try Fixtures.object(fcm.request(projectID: "p", deviceToken: "t").body).object("message")
        #expect(message?.object("android")?["ttl"] as? String == "180s")
    }
}
