import AlarmCore
import Synchronization

/// The process's ``FailureThrottle`` on the continuous clock, shared by every request.
final class AuthThrottle: Sendable {
    private let state: Mutex<FailureThrottle<ContinuousClock.Instant>>

    /// Refuses an address after `limit` failures within `window`.
    init(limit: Int, window: Duration) {
        state = Mutex(FailureThrottle(limit: limit, window: window))
    }

    /// How long `address` must wait, or `nil` when it may try now.
    func retryAfter(for address: String) -> Duration? {
        state.withLock { $0.retryAfter(for: address, now: .now) }
    }

    /// Remembers a failed authentication from `address`.
    func recordFailure(from address: String) {
        state.withLock { $0.recordFailure(from: address, now: .now) }
    }
}
