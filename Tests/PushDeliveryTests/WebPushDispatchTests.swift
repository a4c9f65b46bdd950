import AlarmCore
import Foundation
import Logging
import PushDelivery
import PushMocks
import Synchronization
import Testing

/// Web Push through the dispatcher, the real sender and the mock push service: the same ledger,
/// exactly once and in order per device, pruning, halting, and what the observer hears.
@Suite("Push dispatcher with Web Push")
struct WebPushDispatchTests {
    static let unavailable = MockWebPushReply.error(status: 503)

    /// A registry and ledger in memory, the stage's sender, and a recording observer.
    struct Bench {
        let registry: DeviceRegistry
        let ledger: DeliveryLedger
        let dispatcher: PushDispatcher
        let observer = RecordingObserver()

        init(_ stage: WebPushStage, settings: DispatchSettings = DispatchSettings(attemptsPerRun: 1)) throws {
            let database = try PushDatabase.inMemory()
            registry = DeviceRegistry(database: database)
            ledger = DeliveryLedger(database: database)
            dispatcher = PushDispatcher(
                registry: registry, ledger: ledger, senders: [stage.sender], settings: settings,
                logger: Logger(label: "test"), observer: observer)
        }

        /// Registers a browser subscribed at the mock as `subscription`.
        func add(_ stage: WebPushStage, _ subscription: String) async throws {
            let browser = TestBrowser()
            try await registry.add(
                platform: .web, token: stage.mock.endpoint(subscription),
                webPushKeys: WebPushKeys(p256dh: browser.p256dh, auth: browser.auth))
        }
    }

    /// Every delivery attempt recorded and every registry change, in order.
    final class RecordingObserver: DeliveryObserver {
        private let state = Mutex<(attempts: [DeliveryAttempt], changes: Int)>(([], 0))
        var attempts: [DeliveryAttempt] { state.withLock { $0.attempts } }
        var changes: Int { state.withLock { $0.changes } }
        func recorded(_ attempt: DeliveryAttempt, eventType: EventType) { state.withLock { $0.attempts.append(attempt) } }
        func registryChanged() { state.withLock { $0.changes += 1 } }
    }

    static func event(_ type: EventType = .alarm) -> AlarmEvent {
        var event = Fixtures.event(type)
        event.id = UUID()
        return event
    }

    @Test func eachBrowserGetsAnEventOnceAcrossRetriesAndInOrder() async throws {
        try await WebPushStage.run { stage in
            let bench = try Bench(stage)
            for name in ["a", "b"] { try await bench.add(stage, name) }
            stage.mock.script("a", [Self.unavailable])
            let first = Self.event(.armed)
            let second = Self.event(.disarmed)

            #expect(try await bench.dispatcher.deliver(first) == .release(after: nil))
            // "a" still waits for the first event: the second goes to "b" only.
            #expect(try await bench.dispatcher.deliver(second) == .release(after: .seconds(1)))
            #expect(try await bench.dispatcher.deliver(first) == .delete)
            #expect(try await bench.dispatcher.deliver(second) == .delete)
            #expect(try await bench.dispatcher.deliver(second) == .delete)

            let requests = await stage.mock.requests()
            let topics = { (name: String) in requests.filter { $0.subscription == name }.map { $0.headers["topic"] ?? "" } }
            #expect(topics("a") == ["state-1", "state-1", "state-1"])
            #expect(requests.filter { $0.subscription == "a" }.map(\.replyStatus) == [503, 201, 201])
            #expect(requests.filter { $0.subscription == "b" }.map(\.replyStatus) == [201, 201])
            for event in [first, second] {
                #expect(try await bench.ledger.deliveredDevices(eventID: event.stableID).count == 2)
            }
            let statuses = bench.observer.attempts.map(\.status)
            #expect(statuses.count { $0 == .retrying } == 1 && statuses.count { $0 == .delivered } == 4, "\(statuses)")
        }
    }

    @Test func aGoneSubscriptionIsPrunedAndTheObserverHearsOfIt() async throws {
        try await WebPushStage.run { stage in
            let bench = try Bench(stage)
            try await bench.add(stage, "gone")
            try await bench.add(stage, "here")
            stage.mock.script("gone", [.error(status: 410)])

            #expect(try await bench.dispatcher.deliver(Self.event()) == .delete)
            #expect(try await bench.registry.list().map(\.token.value) == [stage.mock.endpoint("here")])
            #expect(bench.observer.changes == 1)
            #expect(bench.observer.attempts.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.delivered, .pruned])
        }
    }

    @Test func aRefusedVAPIDKeyHaltsWebPushAndPrunesNothing() async throws {
        try await WebPushStage.run(foreignKey: true) { stage in
            let bench = try Bench(stage, settings: DispatchSettings(attemptsPerRun: 1, haltPeriod: .seconds(60)))
            for name in ["a", "b"] { try await bench.add(stage, name) }
            let event = Self.event()

            guard case .release(let after?) = try await bench.dispatcher.deliver(event) else {
                Issue.record("expected a release for the halt")
                return
            }
            #expect(after > .seconds(50))
            #expect(try await bench.registry.list().count == 2)
            // Halted: the next run sends nothing.
            _ = try await bench.dispatcher.deliver(event)
            #expect(await stage.mock.requests().count == 2)
            #expect(Set(bench.observer.attempts.map(\.reason)) == ["HTTP 401 BadJwtToken"])
        }
    }
}
