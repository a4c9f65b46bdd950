import AlarmCore
import Foundation
import PushDelivery
import Testing

/// The answer to a command sent through the API goes to the asker's devices, and every run of its
/// job picks the same devices.
@Suite("Push dispatcher: answers to the asker")
struct PushDispatcherAudienceTests {
    static let anna = DispatchBench.apnsToken(1)
    static let ben = DispatchBench.apnsToken(2)
    static let annasAndroid = RegistryFixtures.fcmToken("-anna")

    static func armingFailure(asker: String = "anna") -> AlarmEvent {
        AlarmEvent(
            type: .fault, code: "502", message: "Arm away failed: not ready to arm (panel error 024) — Back door open",
            raw: "502 024", timestamp: 1_700_000_000, id: UUID(), source: "howalarming-envisalink", partition: 1,
            commandID: UUID(), commandSource: "howalarming-command:\(asker)")
    }

    static func bench(annaHasAPhone: Bool = true) async throws -> DispatchBench {
        let bench = try DispatchBench()
        if annaHasAPhone { try await bench.registry.add(platform: .ios, token: anna, owner: "anna") }
        try await bench.registry.add(platform: .ios, token: ben, owner: "ben")
        return bench
    }

    @Test func anArmingFailureReachesOnlyTheAskersDevicesAndAnAlarmEveryDevice() async throws {
        let bench = try await Self.bench()
        try await bench.registry.add(platform: .android, token: Self.annasAndroid, owner: "anna")
        #expect(try await bench.dispatcher.deliver(Self.armingFailure()) == .delete)
        #expect(bench.apns.sends == [Self.anna])
        #expect(bench.fcm.sends == [Self.annasAndroid])
        #expect(try await bench.dispatcher.deliver(Fixtures.event()) == .delete)
        #expect(bench.apns.sends.sorted() == [Self.anna, Self.anna, Self.ben].sorted())
        #expect(bench.fcm.sends == [Self.annasAndroid, Self.annasAndroid])
    }

    @Test func anAskerWithoutADeviceLosesNothing() async throws {
        let bench = try await Self.bench(annaHasAPhone: false)
        try await bench.registry.add(platform: .ios, token: DispatchBench.apnsToken(3))
        #expect(try await bench.dispatcher.deliver(Self.armingFailure()) == .delete)
        #expect(bench.apns.sends.sorted() == [Self.ben, DispatchBench.apnsToken(3)].sorted())
    }

    @Test func aRetryGoesToEveryDeviceAgainThoughTheAskerRegisteredAPhoneInBetween() async throws {
        let bench = try await Self.bench(annaHasAPhone: false)
        let event = Self.armingFailure()
        bench.apns.script(Self.ben, [.retry(after: .seconds(30), reason: "TooManyRequests", freshConnection: false)])
        #expect(try await bench.dispatcher.deliver(event) == .release(after: .seconds(30)))
        try await bench.registry.add(platform: .ios, token: Self.anna, owner: "anna")
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        // Ben's phone is not dropped for Anna's new one; Anna's new phone is one of "every device".
        #expect(bench.apns.sends.sorted() == [Self.ben, Self.ben, Self.anna].sorted())
    }

    @Test func aRetryGoesToTheAskersDevicesAgainThoughOthersRegisteredInBetween() async throws {
        let bench = try await Self.bench()
        let event = Self.armingFailure()
        bench.apns.script(Self.anna, [.retry(after: .seconds(30), reason: "TooManyRequests", freshConnection: false)])
        #expect(try await bench.dispatcher.deliver(event) == .release(after: .seconds(30)))
        try await bench.registry.add(platform: .ios, token: DispatchBench.apnsToken(3), owner: "ben")
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends == [Self.anna, Self.anna])
    }

    @Test func aRetryFallsBackToEveryDeviceWhenTheAskersDevicesAreGone() async throws {
        let bench = try await Self.bench()
        let event = Self.armingFailure()
        bench.apns.script(Self.anna, [.retry(after: .seconds(30), reason: "TooManyRequests", freshConnection: false)])
        #expect(try await bench.dispatcher.deliver(event) == .release(after: .seconds(30)))
        try await bench.registry.remove(token: Self.anna)
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends == [Self.anna, Self.ben])
    }

    @Test func theAudienceRecordsArePurgedWithTheLedger() async throws {
        let bench = try await Self.bench()
        let event = Self.armingFailure()
        #expect(try await bench.ledger.audience(eventID: event.stableID, proposal: .owner("anna")) == .owner("anna"))
        #expect(try await bench.ledger.audience(eventID: event.stableID, proposal: .everyone) == .owner("anna"))
        try await bench.ledger.purge(recordedBefore: Date().addingTimeInterval(60))
        #expect(try await bench.ledger.audience(eventID: event.stableID, proposal: .everyone) == .everyone)
    }
}
