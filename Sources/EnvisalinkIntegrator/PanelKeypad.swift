import EnvisalinkTPI
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The integrator's view of the panel's keypad: the bypassed zones as the panel last reported
/// them (`616`), each partition's door chime as it last reported it (`663`/`664`), and when it
/// last took keypad keys, so that keys go out no faster than the keybus takes them.
///
/// It sees every link report (``observe(_:)``, from the link's observer), so it never misses a
/// `616` or a `663`/`664`, whoever caused it: a command, someone at the keypad, a TPI proxy client.
final class PanelKeypad: Sendable {
    /// A keypad report of the panel, as commands wait for them.
    enum Report: Sendable {
        /// `616`: the bypassed zones.
        case bypassed(Set<Int>)
        /// `663` (`on`) or `664`: a partition's door chime.
        case chime(partition: Int, on: Bool)
    }

    private struct State {
        /// `nil` until the panel reports, and again once the link is lost (bypasses may change meanwhile).
        var bypassed: Set<Int>?
        /// By partition; none until the panel reports, and none again once the link is lost.
        var chime: [Int: Bool] = [:]
        var lastKeys: ContinuousClock.Instant?
        var subscribers: [Int: @Sendable (Report) -> Void] = [:]
        var nextSubscriber = 0
        /// The bypass waiting for the panel's code request (`900`) after its `*1`, by command id.
        var codeWaiter: (command: UUID, continuation: AsyncStream<Void>.Continuation)?
    }

    /// The least time between two keypad frames (`envisalinkd.bypass.keypress_gap`).
    let gap: Duration
    private let state = Mutex(State())

    init(gap: Duration) {
        self.gap = gap
    }

    /// Takes note of a link report: a `616` is the panel's bypass state, a `663`/`664` a
    /// partition's chime; a lost link makes both unknown, and a disarm (a DSC panel clears
    /// bypasses then, without a `616`) the bypasses. Returns whether it took the report for
    /// itself: a code request (`900`) after the keys of a bypass that waits for one
    /// (``codeRequests(after:)``), which the bypass answers, not the link's reporter.
    func observe(_ report: PanelLink.LinkReport) -> Bool {
        switch report {
        case let .codeRequested(_, _, command?):
            guard let waiter = state.withLock({ $0.codeWaiter }), waiter.command == command else { return false }
            waiter.continuation.yield()
            return true
        case let .message(.bypassedZones(zones), _):
            tell(.bypassed(zones)) { $0.bypassed = zones }
        case let .message(.partition(.chimeOn, partition), _):
            tell(.chime(partition: partition, on: true)) { $0.chime[partition] = true }
        case let .message(.partition(.chimeOff, partition), _):
            tell(.chime(partition: partition, on: false)) { $0.chime[partition] = false }
        case .down, .wrongPassword:
            state.withLock { state in
                state.bypassed = nil
                state.chime = [:]
            }
        case .message(.partition(.disarmed, _), _):
            state.withLock { $0.bypassed = nil }
        default:
            break
        }
        return false
    }

    /// The panel's code requests (`900`) that follow the keys of the command `id` from now on,
    /// while the stream lives: a panel that wants a code for bypassing asks after `*1`.
    func codeRequests(after id: UUID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        state.withLock { $0.codeWaiter = (id, continuation) }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                if state.codeWaiter?.command == id { state.codeWaiter = nil }
            }
        }
        return stream
    }

    /// Records `report` with `update`, then hands it to every subscriber.
    private func tell(_ report: Report, _ update: (inout State) -> Void) {
        let subscribers = state.withLock { state in
            update(&state)
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber(report) }
    }

    /// The zones bypassed as the panel last reported them since the link came up; `nil` when it has not.
    var bypassed: Set<Int>? { state.withLock { $0.bypassed } }

    /// Whether `partition`'s chime is on, as the panel last reported since the link came up; `nil` when it has not.
    func chime(of partition: Int) -> Bool? { state.withLock { $0.chime[partition] } }

    /// The reports that `pick` takes from now on (the bypassed zones of a `616`, a partition's
    /// chime): subscribe before sending the keys that make the panel report.
    func reports<Value: Sendable>(_ pick: @escaping @Sendable (Report) -> Value?) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = { report in
                if let value = pick(report) { continuation.yield(value) }
            }
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    /// How long to wait at `now` before the next keypad frame, for ``gap`` since the last was answered.
    func wait(at now: ContinuousClock.Instant) -> Duration {
        guard let last = state.withLock({ $0.lastKeys }) else { return .zero }
        return max(.zero, gap - (now - last))
    }

    /// The panel answered a keypad frame at `now`: the gap counts from here.
    func keysAnswered(at now: ContinuousClock.Instant) {
        state.withLock { $0.lastKeys = now }
    }
}

extension AsyncStream {
    /// The next element, or `nil` when none comes within `timeout`.
    func first(within timeout: Duration) async -> Element? where Element: Sendable {
        await withTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await element in self { return element }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
