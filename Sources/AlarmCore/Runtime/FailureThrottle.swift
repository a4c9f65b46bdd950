/// Counts failed authentications per client address and says when an address must wait (the
/// command API's tokens, the TPI proxy's passwords).
///
/// An address that failed `limit` times within `window` is refused until the oldest of those
/// failures is `window` old. Pure: the caller passes the time, so tests need no clock. At most
/// `maximumAddresses` addresses are remembered; past that, those whose failures have all expired
/// are forgotten first, then the ones that failed longest ago.
public struct FailureThrottle<Instant: InstantProtocol<Duration>>: Sendable where Instant: Sendable {
    /// Failures within ``window`` after which an address waits.
    public let limit: Int
    /// How long a failure counts.
    public let window: Duration
    /// How many addresses are remembered at most.
    public let maximumAddresses: Int
    /// The times of each address's recent failures, oldest first, at most `limit` of them.
    private var failures: [String: [Instant]] = [:]

    /// Refuses an address after `limit` failures within `window`, remembering up to `maximumAddresses`.
    public init(limit: Int, window: Duration, maximumAddresses: Int = 10_000) {
        precondition(limit >= 1 && window > .zero && maximumAddresses >= 1)
        self.limit = limit
        self.window = window
        self.maximumAddresses = maximumAddresses
    }

    /// How long `address` must wait before it may try again, or `nil` when it may now.
    public func retryAfter(for address: String, now: Instant) -> Duration? {
        guard let recent = failures[address]?.filter({ now < $0.advanced(by: window) }), recent.count >= limit,
            let oldest = recent.first
        else { return nil }
        return now.duration(to: oldest.advanced(by: window))
    }

    /// Remembers a failed authentication from `address` at `now`.
    public mutating func recordFailure(from address: String, now: Instant) {
        var recent = (failures[address] ?? []).filter { now < $0.advanced(by: window) }
        recent.append(now)
        failures[address] = Array(recent.suffix(limit))
        if failures.count > maximumAddresses { forgetAddresses(now: now) }
    }

    /// How many addresses are remembered.
    public var addressCount: Int { failures.count }

    private mutating func forgetAddresses(now: Instant) {
        failures = failures.filter { _, times in times.last.map { now < $0.advanced(by: window) } ?? false }
        while failures.count > maximumAddresses,
            let stalest = failures.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) })?.key
        {
            failures[stalest] = nil
        }
    }
}
