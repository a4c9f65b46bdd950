import AlarmCore
import Foundation
import PushDelivery
import Testing

/// A halted provider holds only its own devices, and never past the notification's lifetime.
@Suite("Push dispatcher: halts hold one provider, within the lifetime")
struct PushDispatcherHaltTests {
    let event = Fixtures.event()
    static let unavailable = DeliveryOutcome.retry(after: nil, reason: "UNAVAILABLE", freshConnection: false)

    /// The delay a completion releases its job with; fails the test unless it is a release.
    private func releaseDelay(_ completion: JobCompletion) throws -> Duration? {
        guard case .release(let after) = completion else {
            Issue.record("expected a release, got \(completion)")
            throw CompletionError.notARelease
        }
        return after
    }

    private enum CompletionError: Error { case notARelease }

    @Test func oneProviderHaltedWhileTheOtherIsUnavailableDeliversToBothWithinTheLifetime() async throws {
        // A halt long enough to outlast runs 1 and 2 on a loaded machine (with 1 s, it had ended
        // by run 2 once in a fresh-clone CI, where the main group starts every suite at once).
        let bench = try DispatchBench(
            settings: DispatchSettings(firstRetryDelay: .milliseconds(5), haltPeriod: .seconds(10)))
        let phone = try #require(try await bench.addPhones(1).first)
        let android = try #require(try await bench.addPhones(1, platform: .android).first)
        bench.apns.script(phone, [.halt(reason: "InvalidProviderToken")])
        bench.fcm.script(android, [Self.unavailable, Self.unavailable, Self.unavailable])
        let issuedAt = Date()

        // Run 1: APNs halts, FCM is unavailable: the job comes back after the runtime's backoff
        // (for the Android phone), not after the halt.
        #expect(try releaseDelay(try await bench.dispatcher.deliver(event, issuedAt: issuedAt)) == nil)

        // Run 2: FCM is back: the Android phone gets it; the iPhone waits for the rest of the
        // halt, which ends well within the lifetime.
        let held = try #require(try releaseDelay(try await bench.dispatcher.deliver(event, issuedAt: issuedAt)))
        #expect(held > .zero && held <= .seconds(10))
        #expect(bench.fcm.sends == [android, android, android, android])
        #expect(bench.apns.sends == [phone])

        // Run 3, when the queue hands the job out again after that delay: APNs is tried again.
        try await Task.sleep(for: held)
        #expect(try await bench.dispatcher.deliver(event, issuedAt: issuedAt) == .delete)
        #expect(bench.apns.sends == [phone, phone])
        let delivered = try await bench.ledger.deliveredDevices(eventID: event.stableID)
        #expect(Set(delivered.map(\.value)) == [phone, android])
    }

    @Test func aHaltLongerThanTheLifetimeStillBringsTheJobBackBeforeItsEnd() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(haltPeriod: .seconds(600), lifetime: .seconds(300)))
        let phone = try #require(try await bench.addPhones(1).first)
        bench.apns.script(phone, [.halt(reason: "InvalidProviderToken")])

        // Queued 290 s ago: 10 s of its lifetime are left, and the job must come back within them.
        let issuedAt = Date().addingTimeInterval(-290)
        let delay = try #require(try releaseDelay(try await bench.dispatcher.deliver(event, issuedAt: issuedAt)))
        #expect(delay > .zero && delay < .seconds(10))
    }

    @Test func aHaltIsAlwaysShorterThanTheLifetime() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(haltPeriod: .seconds(300), lifetime: .seconds(300)))
        let phone = try #require(try await bench.addPhones(1).first)
        bench.apns.script(phone, [.halt(reason: "InvalidProviderToken")])

        // A fresh event held by a halt comes back while most of its lifetime is left.
        let delay = try #require(try releaseDelay(try await bench.dispatcher.deliver(event)))
        #expect(delay > .zero && delay <= .seconds(150))
    }

    @Test func otherProvidersRetriesKeepTheirOwnShorterDelay() async throws {
        let bench = try DispatchBench(settings: DispatchSettings(firstRetryDelay: .milliseconds(5)))
        let phone = try #require(try await bench.addPhones(1).first)
        let android = try #require(try await bench.addPhones(1, platform: .android).first)
        bench.apns.script(phone, [.halt(reason: "BadTopic")])
        let throttled = DeliveryOutcome.retry(after: .seconds(7), reason: "QUOTA_EXCEEDED", freshConnection: false)
        bench.fcm.script(android, [throttled])

        #expect(try releaseDelay(try await bench.dispatcher.deliver(event)) == .seconds(7))
    }
}
