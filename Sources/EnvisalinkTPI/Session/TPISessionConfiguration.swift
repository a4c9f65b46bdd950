/// Timers and limits of a TPI session.
public struct TPISessionConfiguration: Sendable, Hashable {
    /// How long the EVL gives a client to log in (the EVL's own limit is 10 s).
    public var loginTimeout: Duration
    /// How long a command may wait for its `500`/`501`/`502`; a missed ack means a dead link.
    /// Never longer than half of ``pollInterval``: a link that dies right after a poll is then
    /// found dead by the next poll's missed ack, well within two poll intervals (1.5).
    public var acknowledgementTimeout: Duration
    /// How often the link is polled with `000` when idle (always well under the EVL's 20-minute watchdog).
    public var pollInterval: Duration
    /// Attempts of one command that gets `501` or a retryable `502`.
    public var maximumCommandAttempts: Int
    /// How long after one of our commands a `900` (code required) is answered with the master code.
    public var codeRequestWindow: Duration

    /// - Parameter acknowledgementTimeout: shortened to half of `pollInterval` when longer.
    public init(
        loginTimeout: Duration = .seconds(10),
        acknowledgementTimeout: Duration = .seconds(5),
        pollInterval: Duration = .seconds(60),
        maximumCommandAttempts: Int = 5,
        codeRequestWindow: Duration = .seconds(30)
    ) {
        precondition(pollInterval < .seconds(1200), "the EVL reboots after 20 minutes without a poll")
        self.loginTimeout = loginTimeout
        self.acknowledgementTimeout = min(acknowledgementTimeout, pollInterval / 2)
        self.pollInterval = pollInterval
        self.maximumCommandAttempts = maximumCommandAttempts
        self.codeRequestWindow = codeRequestWindow
    }
}
