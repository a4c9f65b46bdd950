/// How ``PushDispatcher`` fans an event out and retries.
public struct DispatchSettings: Sendable, Hashable {
    /// Sends in flight at once, over all devices of an event (HTTP/2 streams on the providers'
    /// connections). Default 500.
    public var concurrency: Int
    /// Attempts per device within one run before the job is released for a later one. Default 3.
    public var attemptsPerRun: Int
    /// The longest wait between attempts within a run; a provider asking for a longer one
    /// (`Retry-After`) gets the job released with that delay instead. Default 5 seconds.
    public var longestWaitInRun: Duration
    /// The first wait between attempts within a run, doubled each time, with jitter. Default 250 ms.
    public var firstRetryDelay: Duration
    /// How long a provider stays halted after a credential or configuration fault before it is
    /// tried again, at most half the ``deadline`` (see ``haltDuration``). Default 1 minute.
    public var haltPeriod: Duration
    /// How long after it was queued an event's notification is still sent (`push.lifetime`):
    /// retries stop then, at least a minute after it was queued. Default 5 minutes.
    public var lifetime: Duration
    /// How long an event waits for a device that has an earlier event to get first. Default 1 second.
    public var orderWait: Duration

    /// Settings; the defaults suit a home alarm with up to tens of thousands of phones.
    public init(
        concurrency: Int = 500, attemptsPerRun: Int = 3, longestWaitInRun: Duration = .seconds(5),
        firstRetryDelay: Duration = .milliseconds(250), haltPeriod: Duration = .seconds(60),
        lifetime: Duration = .seconds(300), orderWait: Duration = .seconds(1)
    ) {
        precondition(concurrency >= 1 && attemptsPerRun >= 1, "at least one send and one attempt")
        self.concurrency = concurrency
        self.attemptsPerRun = attemptsPerRun
        self.longestWaitInRun = longestWaitInRun
        self.firstRetryDelay = firstRetryDelay
        self.haltPeriod = haltPeriod
        self.lifetime = lifetime
        self.orderWait = orderWait
    }

    /// How long after it was queued a notification is sent at all: its lifetime, at least a minute,
    /// so that a brief failure never drops a notification that was to be sent "now or never".
    var deadline: Duration { max(lifetime, .seconds(60)) }

    /// How long a halt lasts: ``haltPeriod``, but at most half the ``deadline``, so that a halted
    /// provider is tried again while the notifications it holds are still worth sending.
    var haltDuration: Duration { min(haltPeriod, deadline / 2) }
}
