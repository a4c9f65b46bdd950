public import Beanstalk

/// How a ``QueueConsumer`` reserves, retries and keeps jobs alive.
public struct ConsumerConfiguration: Sendable {
    /// The tubes to take jobs from.
    public var tubes: [TubeName]
    /// How long one reserve waits before looping (keeps the loop responsive).
    public var reserveTimeout: Duration
    /// Attempts before a job that keeps asking for a retry is buried.
    public var maximumAttempts: Int
    /// Delays between attempts of a job, when the handler does not name one.
    public var retryBackoff: Backoff
    /// How long a handler may run before the runtime starts touching the job so its TTR does not run out.
    public var keepAliveAfter: Duration
    /// Connection timeouts.
    public var connection: BeanstalkConfiguration
    /// Delays between reconnect attempts.
    public var reconnectBackoff: Backoff
    /// Where the consumer reports that it consumes and is alive (the process's, by default).
    public var liveness: ConsumerLiveness

    public init(
        tubes: [TubeName],
        reserveTimeout: Duration = .seconds(1),
        maximumAttempts: Int = 10,
        retryBackoff: Backoff = Backoff(initial: .seconds(1), maximum: .seconds(300)),
        keepAliveAfter: Duration = .milliseconds(250),
        connection: BeanstalkConfiguration = .init(),
        reconnectBackoff: Backoff = .init(),
        liveness: ConsumerLiveness = .shared
    ) {
        precondition(!tubes.isEmpty, "a consumer needs at least one tube")
        precondition(maximumAttempts >= 1, "at least one attempt")
        self.tubes = tubes
        self.reserveTimeout = reserveTimeout
        self.maximumAttempts = maximumAttempts
        self.retryBackoff = retryBackoff
        self.keepAliveAfter = keepAliveAfter
        self.connection = connection
        self.reconnectBackoff = reconnectBackoff
        self.liveness = liveness
    }
}
