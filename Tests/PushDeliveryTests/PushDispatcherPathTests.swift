import AlarmCore
import Foundation
import PushDelivery
import Testing

/// What the dispatcher tells about the push path: a provider halt once per fault, its end once,
/// and every phone pruned.
@Suite("Push dispatcher: provider halts and pruned phones are told")
struct PushDispatcherPathTests {
    static let refused = DeliveryOutcome.halt(reason: "InvalidProviderToken")
    /// Long enough that two runs in a row fall within one halt on a loaded machine.
    static let haltPeriod = Duration.seconds(2)

    /// An event of `type` with an id of its own.
    static func event(_ type: EventType) -> AlarmEvent {
        var event = Fixtures.event(type)
        event.id = UUID()
        return event
    }

    @Test func aHaltIsToldOnceUntilTheProviderDeliversAgainThenItsEndOnce() async throws {
        let bench = try DispatchBench(
            settings: DispatchSettings(firstRetryDelay: .milliseconds(5), haltPeriod: Self.haltPeriod))
        let phones = try await bench.addPhones(3)
        let android = try #require(try await bench.addPhones(1, platform: .android).first)
        // Refused on the first try and again on the try after the halt period, then accepted.
        for phone in phones { bench.apns.script(phone, [Self.refused, Self.refused]) }

        let event = Self.event(.alarm)
        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.path.notices == [.halted(.apns, reason: "InvalidProviderToken", heldDevices: 3)])
        #expect(bench.fcm.sends == [android], "the other provider is not held")

        // While halted nothing is sent through APNs; after the halt period it still refuses: the same fault.
        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.apns.sends.count == 3)
        try await Task.sleep(for: Self.haltPeriod + .milliseconds(100))
        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.apns.sends.count == 6)
        #expect(bench.path.notices.count == 1)

        try await Task.sleep(for: Self.haltPeriod + .milliseconds(100))
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.count == 9)
        #expect(bench.path.notices == [
            .halted(.apns, reason: "InvalidProviderToken", heldDevices: 3),
            .resumed(.apns, haltedFor: "InvalidProviderToken"),
        ])

        // Deliveries without a halt tell nothing more.
        #expect(try await bench.dispatcher.deliver(Self.event(.armed)) == .delete)
        #expect(bench.path.notices.count == 2)
    }

    @Test func aDeliveryInTheRunThatHaltsEndsNothingAndIsNotCountedAsHeld() async throws {
        let bench = try DispatchBench(
            settings: DispatchSettings(firstRetryDelay: .milliseconds(5), haltPeriod: Self.haltPeriod))
        let phones = try await bench.addPhones(4)
        // Most devices say the topic is wrong: the configuration is, and APNs halts; one is accepted.
        for phone in phones.dropFirst() { bench.apns.script(phone, [.prune(reason: "DeviceTokenNotForTopic")]) }
        let event = Self.event(.alarm)

        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.path.notices == [.halted(.apns, reason: "DeviceTokenNotForTopic", heldDevices: 3)])
        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.apns.sends.count == 4, "still halted")

        try await Task.sleep(for: Self.haltPeriod + .milliseconds(100))
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.path.notices.last == .resumed(.apns, haltedFor: "DeviceTokenNotForTopic"))
        #expect(try await bench.registry.list().count == 4, "nothing pruned")
    }

    @Test func aFaultToldBeforeARestartIsNotToldAgainAndItsEndIs() async throws {
        let bench = try DispatchBench(
            settings: DispatchSettings(firstRetryDelay: .milliseconds(5), haltPeriod: Self.haltPeriod),
            faults: [.apns: "InvalidProviderToken"])
        let phone = try #require(try await bench.addPhones(1).first)
        bench.apns.script(phone, [Self.refused])
        let event = Self.event(.alarm)

        _ = try await bench.dispatcher.deliver(event)
        #expect(bench.path.notices.isEmpty, "still the fault told before the restart")
        try await Task.sleep(for: Self.haltPeriod + .milliseconds(100))
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.path.notices == [.resumed(.apns, haltedFor: "InvalidProviderToken")])
    }

    @Test func aPrunedPhoneIsToldWithItsNameAndTheProvidersReason() async throws {
        let bench = try DispatchBench()
        let anna = try #require(try await bench.addPhones(1, name: "Anna's iPhone").first)
        try await bench.addPhones(1, platform: .android)
        bench.apns.script(anna, [.prune(reason: "Unregistered")])

        #expect(try await bench.dispatcher.deliver(Self.event(.alarm)) == .delete)
        #expect(bench.path.notices == [.pruned(name: "Anna's iPhone", platform: .ios, reason: "Unregistered")])
        #expect(try await bench.registry.list().map(\.platform) == [.android])
    }
}
