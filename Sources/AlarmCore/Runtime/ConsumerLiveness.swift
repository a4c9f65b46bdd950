import Synchronization

/// Whether this process's queue consumers run, for a supervisor's watchdog (systemd's
/// `WatchdogSec`): each ``QueueConsumer`` registers when it starts, says when it is consuming
/// (beanstalkd answered its first reserve), and beats at every turn of its loop and, while a
/// handler runs, every few seconds. A process whose consumers stop beating is hung.
public final class ConsumerLiveness: Sendable {
    /// The process's consumers.
    public static let shared = ConsumerLiveness()

    private struct Consumer {
        var consuming = false
        var lastBeat: ContinuousClock.Instant
    }

    private struct State {
        var consumers: [Int: Consumer] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// An empty record (tests make their own; daemons use ``shared``).
    public init() {}

    /// One consumer's entry: what it reports through.
    public struct Registration: Sendable {
        let id: Int
        let liveness: ConsumerLiveness

        /// The consumer takes jobs: beanstalkd answered its reserve.
        public func consuming() {
            liveness.state.withLock { $0.consumers[id]?.consuming = true }
            beat()
        }

        /// The consumer is alive now.
        public func beat() {
            let now = ContinuousClock.now
            liveness.state.withLock { $0.consumers[id]?.lastBeat = now }
        }

        /// The consumer stopped.
        public func end() {
            _ = liveness.state.withLock { $0.consumers.removeValue(forKey: id) }
        }
    }

    /// Registers a consumer that is starting.
    public func register() -> Registration {
        let now = ContinuousClock.now
        let id = state.withLock { state in
            state.nextID += 1
            state.consumers[state.nextID] = Consumer(lastBeat: now)
            return state.nextID
        }
        return Registration(id: id, liveness: self)
    }

    /// Whether at least one consumer runs and every one is consuming.
    public var allConsuming: Bool {
        state.withLock { !$0.consumers.isEmpty && $0.consumers.values.allSatisfy(\.consuming) }
    }

    /// Whether every consumer beat at or after `instant` (and there is at least one).
    public func allBeat(since instant: ContinuousClock.Instant) -> Bool {
        state.withLock { !$0.consumers.isEmpty && $0.consumers.values.allSatisfy { $0.lastBeat >= instant } }
    }
}
