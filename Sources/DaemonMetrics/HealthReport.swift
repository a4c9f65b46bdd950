import AlarmCore

/// Whether the daemon does its work: every queue consumer of the process consumes and has
/// turned lately. What `/healthz` says.
struct HealthReport: Sendable, Hashable {
    /// How long a consumer may go without turning before the daemon counts as unhealthy: its loop
    /// turns every second, and beats every few seconds while a handler runs.
    static let staleAfter = Duration.seconds(20)

    /// Why the daemon is not healthy; `nil` when it is.
    let problem: String?

    /// The report for the consumers in `liveness`, at `now`.
    init(_ liveness: ConsumerLiveness, now: ContinuousClock.Instant = .now) {
        if !liveness.allConsuming {
            problem = "not consuming: no queue consumer runs yet, or beanstalkd has not answered one"
        } else if !liveness.allBeat(since: now - Self.staleAfter) {
            problem = "a queue consumer has not turned for \(Self.staleAfter.components.seconds) s: beanstalkd unreachable, or the daemon hung"
        } else {
            problem = nil
        }
    }
}
