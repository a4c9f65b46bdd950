import AlarmCore
import Synchronization

/// Which providers are halted after a credential or configuration fault, and until when.
///
/// While a provider is halted nothing is sent through it: its devices' notifications wait in
/// their jobs (released, not deleted), nothing is pruned, and after the halt period one event
/// tries again. A fixed configuration takes effect at once on a restart.
final class ProviderHalts: Sendable {
    private let halts = Mutex<[PushProvider: Halt]>([:])

    struct Halt: Sendable {
        let reason: String
        let until: ContinuousClock.Instant
    }

    /// The halt of `provider` still in force, if any.
    func current(_ provider: PushProvider) -> Halt? {
        let now = ContinuousClock.now
        return halts.withLock { halts in
            guard let halt = halts[provider] else { return nil }
            if halt.until <= now {
                halts[provider] = nil
                return nil
            }
            return halt
        }
    }

    /// Halts `provider` for `period`. Returns whether it was running until now.
    @discardableResult
    func halt(_ provider: PushProvider, reason: String, for period: Duration) -> Bool {
        let halt = Halt(reason: reason, until: .now + period)
        return halts.withLock { halts in
            defer { halts[provider] = halt }
            return halts[provider] == nil
        }
    }
}
