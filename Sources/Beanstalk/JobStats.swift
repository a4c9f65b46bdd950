/// The state of a job, from `stats-job`.
public struct JobStats: Sendable, Hashable {
    /// Where a job is in its life cycle.
    public enum State: String, Sendable, Hashable {
        case ready, delayed, reserved, buried
    }

    public let id: JobID
    public let tube: String
    /// The state; `nil` if the server reported one this client does not know.
    public let state: State?
    public let priority: UInt32
    /// Seconds since the job was created.
    public let age: UInt64
    public let delay: UInt64
    public let ttr: UInt64
    /// Seconds until a reserved or delayed job changes state. Signed: beanstalkd 1.12 can
    /// leave a silent worker's reservation past its deadline (negative values).
    public let timeLeft: Int64
    /// The binlog file holding the job (0 without a binlog).
    public let file: UInt64
    public let reserves: UInt64
    public let timeouts: UInt64
    public let releases: UInt64
    public let buries: UInt64
    public let kicks: UInt64
    /// Every field as sent.
    public let document: StatsDocument

    public init(_ document: StatsDocument) throws(BeanstalkError) {
        self.document = document
        id = JobID(try document.unsigned("id"))
        tube = document.string("tube")
        state = State(rawValue: document.string("state"))
        priority = UInt32(truncatingIfNeeded: try document.unsigned("pri"))
        age = try document.unsigned("age")
        delay = try document.unsigned("delay")
        ttr = try document.unsigned("ttr")
        timeLeft = try document.signed("time-left")
        file = try document.unsigned("file")
        reserves = try document.unsigned("reserves")
        timeouts = try document.unsigned("timeouts")
        releases = try document.unsigned("releases")
        buries = try document.unsigned("buries")
        kicks = try document.unsigned("kicks")
    }
}
