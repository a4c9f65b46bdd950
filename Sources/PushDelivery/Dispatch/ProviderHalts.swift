import AlarmCore
import Synchronization

/// Which providers are halted after a credential or configuration fault, and until when.
///
/// While a provider is halted nothing is sent through it: its devices' notifications wait in
/// their jobs (released, not deleted), nothing is pruned, and after the halt period one event
/// tries again. A fixed configuration takes effect at once on a restart.
///
/// A halt is also a *fault* from its first refusal until the provider delivers again: refusals
/// after each halt period belong to the same fault, so the people told of it hear it once, and
/// hear its end once.
final class ProviderHalts: Sendable {
    private let state: Mutex<(halts: [PushProvider: Halt], faults: [PushProvider: String])>

    /// No halt in force; `faults` told before (by provider, their reasons) and not yet ended.
    init(faults: [PushProvider: String] = [:]) {
        state = Mutex(([:], faults))
    }

    struct Halt: Sendable {
        let reason: String
        let until: ContinuousClock.Instant
    }

    /// The halt of `provider` still in force, if any.
    func current(_ provider: PushProvider) -> Halt? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let halt = state.halts[provider] else { return nil }
            if halt.until <= now {
                state.halts[provider] = nil
                return nil
            }
            return halt
        }
    }

    /// What a refusal did to its provider.
    enum Change: Sendable, Equatable {
        /// A fault begins: the provider had delivered (or not been tried) since its last halt.
        case faultBegins
        /// The provider, tried again after its halt period, still refuses: halted again.
        case haltedAgain
        /// The provider was halted already (another device of the same run).
        case alreadyHalted
    }

    /// Halts `provider` for `period`, unless it is halted already; says what that changed.
    @discardableResult
    func halt(_ provider: PushProvider, reason: String, for period: Duration) -> Change {
        let now = ContinuousClock.now
        return state.withLock { state in
            if let halt = state.halts[provider], halt.until > now { return .alreadyHalted }
            state.halts[provider] = Halt(reason: reason, until: now + period)
            guard state.faults[provider] == nil else { return .haltedAgain }
            state.faults[provider] = reason
            return .faultBegins
        }
    }

    /// `provider` delivered a notification. Returns the reason of the fault this ends, if it was
    /// in one. A delivery while a halt is in force (sent in the same run as the refusals that
    /// halted it) ends nothing.
    func delivered(_ provider: PushProvider) -> String? {
        let now = ContinuousClock.now
        return state.withLock { state in
            if let halt = state.halts[provider], halt.until > now { return nil }
            return state.faults.removeValue(forKey: provider)
        }
    }
}
