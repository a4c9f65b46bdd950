import AlarmCore
import Foundation
import PushDelivery
import Testing

@Suite("Push dispatcher: fan-out, retries, pruning, halts")
struct PushDispatcherTests {
    let event = Fixtures.event()

    @Test func deliversOncePerDeviceAndSkipsDeliveredDevicesWhenRunAgain() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(3)
        let androids = try await bench.addPhones(2, platform: .android)

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(Set(bench.apns.sends) == Set(phones))
        #expect(Set(bench.fcm.sends) == Set(androids))
        #expect(try await bench.ledger.deliveredDevices(eventID: event.stableID).count == 5)

        // The same event again (a redelivered job): nothing is sent twice.
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.count == 3)
        #expect(bench.fcm.sends.count == 2)
    }

    @Test func retriesPassingFailuresWithinTheRun() async throws {
        let bench = try DispatchBench()
        let phone = try #require(try await bench.addPhones(1).first)
        bench.apns.script(phone, [
            .retry(after: nil, reason: "InternalServerError", freshConnection: true),
            .retry(after: .milliseconds(10), reason: "TooManyRequests", freshConnection: false),
        ])

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends == [phone, phone, phone])
        let attempts = try await bench.ledger.attempts(eventID: event.stableID, device: DeviceToken(phone, provider: .apns))
        #expect(attempts.map(\.status) == [.retrying, .retrying, .delivered])
        #expect(attempts.map(\.reason) == ["InternalServerError", "TooManyRequests", nil])
    }

    @Test func aLongRetryAfterReleasesTheJobWithThatDelayAndTheNextRunSendsOnlyTheRest() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(2)
        bench.apns.script(phones[0], [.retry(after: .seconds(30), reason: "TooManyRequests", freshConnection: false)])

        #expect(try await bench.dispatcher.deliver(event) == .release(after: .seconds(30)))
        #expect(bench.apns.sends.sorted() == phones.sorted())

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.count == 3)
        #expect(bench.apns.sends.last == phones[0])
    }

    @Test func attemptsPerRunAreBounded() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(attemptsPerRun: 2, firstRetryDelay: .milliseconds(1)))
        let phone = try #require(try await bench.addPhones(1).first)
        let failure = DeliveryOutcome.retry(after: nil, reason: "ServiceUnavailable", freshConnection: true)
        bench.apns.script(phone, [failure, failure, failure])

        #expect(try await bench.dispatcher.deliver(event) == .release(after: nil))
        #expect(bench.apns.sends.count == 2)
    }

    @Test func deadTokensArePrunedAndOthersKept() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(3)
        bench.apns.script(phones[1], [.prune(reason: "Unregistered")])
        bench.apns.script(phones[2], [.fail(reason: "BadCollapseId")])

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        let remaining = try await bench.registry.list().map(\.token.value)
        #expect(Set(remaining) == [phones[0], phones[2]])
        let statuses = try await bench.ledger.history(eventID: event.stableID).map(\.status)
        #expect(statuses.sorted { $0.rawValue < $1.rawValue } == [.delivered, .failed, .pruned])
    }

    @Test func aDeviceThatFailedFinallyIsNotSentAgainOnALaterRunOfTheSameJob() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(2)
        bench.apns.script(phones[0], [.fail(reason: "BadExpirationDate")])
        bench.apns.script(phones[1], [.retry(after: .seconds(30), reason: "TooManyRequests", freshConnection: false)])

        #expect(try await bench.dispatcher.deliver(event) == .release(after: .seconds(30)))
        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.filter { $0 == phones[0] }.count == 1)
        #expect(bench.apns.sends.filter { $0 == phones[1] }.count == 2)
        let refused = try await bench.ledger.attempts(
            eventID: event.stableID, device: try DeviceToken(phones[0], provider: .apns))
        #expect(refused.map(\.status) == [.failed])
    }

    @Test func aWrongTopicForMostDevicesHaltsInsteadOfEmptyingTheRegistry() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(4)
        for phone in phones.dropFirst() { bench.apns.script(phone, [.prune(reason: "DeviceTokenNotForTopic")]) }

        #expect(Self.isHeldForTheHalt(try await bench.dispatcher.deliver(event)))
        #expect(try await bench.registry.list().count == 4)

        // Halted: the next event is not sent through APNs at all, and its job is kept.
        let next = AlarmEvent(type: .alarm, code: "601", message: "again", timestamp: 1_700_000_100, id: UUID())
        #expect(Self.isHeldForTheHalt(try await bench.dispatcher.deliver(next)))
        #expect(bench.apns.sends.count == 4)
    }

    @Test func aWrongTopicForFewDevicesPrunesThem() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(4)
        bench.apns.script(phones[0], [.prune(reason: "DeviceTokenNotForTopic")])

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(Set(try await bench.registry.list().map(\.token.value)) == Set(phones.dropFirst()))
    }

    @Test func aHaltedProviderDoesNotStopTheOther() async throws {
        let bench = try DispatchBench()
        let phone = try #require(try await bench.addPhones(1).first)
        let android = try #require(try await bench.addPhones(1, platform: .android).first)
        bench.apns.script(phone, [.halt(reason: "InvalidProviderToken")])

        #expect(Self.isHeldForTheHalt(try await bench.dispatcher.deliver(event)))
        #expect(bench.fcm.sends == [android])
        #expect(try await bench.ledger.deliveredDevices(eventID: event.stableID).map(\.value) == [android])
    }

    @Test func devicesWithoutAConfiguredProviderAreSkipped() async throws {
        let bench = try DispatchBench(providers: [.apns])
        try await bench.addPhones(1)
        try await bench.addPhones(1, platform: .android)

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.count == 1)
        #expect(bench.fcm.sends.isEmpty)
    }

    @Test func sendsAtMostTheConfiguredNumberAtOnce() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(concurrency: 8))
        try await bench.addPhones(200)

        #expect(try await bench.dispatcher.deliver(event) == .delete)
        #expect(bench.apns.sends.count == 200)
        #expect(bench.apns.mostInFlight <= 8)
        #expect(bench.apns.mostInFlight > 1)
    }

    /// Whether `completion` releases the job for the rest of a default halt (1 minute).
    private static func isHeldForTheHalt(_ completion: JobCompletion) -> Bool {
        guard case .release(let after?) = completion else { return false }
        return after > .seconds(55) && after <= .seconds(60)
    }

    @Test func noDevicesIsFine() async throws {
        let bench = try DispatchBench()
        #expect(try await bench.dispatcher.deliver(event) == .delete)
    }
}
