public import Beanstalk
import ServiceLifecycle

/// Runs `attempt` until it succeeds, pausing `backoff` between tries, or until the process stops
/// (graceful shutdown or cancellation during a pause): for what must reach beanstalkd however long
/// it is away, such as an event that must not be lost. `failed` hears each failure and how many
/// there have been. Both run in the caller's isolation.
///
/// - Returns: How many tries failed before the one that succeeded; `nil` when the process stopped first.
public func untilDone(
    isolation: isolated (any Actor)? = #isolation,
    backoff: Backoff, failed: (any Error, _ failures: Int) -> Void, attempt: () async throws -> Void
) async -> Int? {
    var failures = 0
    while true {
        do {
            try await attempt()
            return failures
        } catch {
            failures += 1
            failed(error, failures)
        }
        do {
            let pause = backoff.delay(forAttempt: failures - 1)
            try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
        } catch {
            return nil
        }
    }
}
