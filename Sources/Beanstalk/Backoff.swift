/// Capped exponential backoff with jitter, for reconnects and retries.
///
/// Attempt `n` (from 0) waits a random time between half and all of
/// `min(maximum, initial × multiplier^n)`, so a fleet of clients that lost the
/// same server does not reconnect in lock step.
public struct Backoff: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration
    public var multiplier: Double

    public init(initial: Duration = .milliseconds(100), maximum: Duration = .seconds(30), multiplier: Double = 2) {
        precondition(initial > .zero && maximum >= initial && multiplier >= 1, "invalid backoff")
        self.initial = initial
        self.maximum = maximum
        self.multiplier = multiplier
    }

    /// The ceiling for attempt `attempt` before jitter.
    public func ceiling(forAttempt attempt: Int) -> Duration {
        let factor = pow(multiplier, Double(max(0, min(attempt, 64))))
        let scaled = initial.secondsValue * factor
        return scaled >= maximum.secondsValue ? maximum : .seconds(scaled)
    }

    /// The delay for attempt `attempt`, jittered with `generator`.
    public func delay(forAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let ceiling = ceiling(forAttempt: attempt).secondsValue
        return .seconds(Double.random(in: (ceiling / 2)...ceiling, using: &generator))
    }

    /// The delay for attempt `attempt`, jittered with the system generator.
    public func delay(forAttempt attempt: Int) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return delay(forAttempt: attempt, using: &generator)
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= base }
        return result
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
