/// Server-wide counters, from `stats`.
///
/// The fields operators and clients act on are typed; all others (every `cmd-*`
/// counter, `rusage-*`, …) are in ``document`` as sent.
public struct ServerStats: Sendable, Hashable {
    public let currentJobsUrgent: UInt64
    public let currentJobsReady: UInt64
    public let currentJobsReserved: UInt64
    public let currentJobsDelayed: UInt64
    public let currentJobsBuried: UInt64
    public let jobTimeouts: UInt64
    public let totalJobs: UInt64
    /// The largest job body the server accepts, in bytes (`-z`).
    public let maxJobSize: UInt64
    public let currentTubes: UInt64
    public let currentConnections: UInt64
    public let currentProducers: UInt64
    public let currentWorkers: UInt64
    public let currentWaiting: UInt64
    public let totalConnections: UInt64
    public let pid: UInt64
    public let version: String
    public let rusageUserTime: Double
    public let rusageSystemTime: Double
    public let uptime: UInt64
    public let binlogOldestIndex: UInt64
    /// Greater than zero when the server writes a binlog (`-b`): jobs survive a restart.
    public let binlogCurrentIndex: UInt64
    public let binlogRecordsMigrated: UInt64
    public let binlogRecordsWritten: UInt64
    public let binlogMaxSize: UInt64
    /// True in drain mode (SIGUSR1): puts are refused.
    public let draining: Bool
    /// The server's random id: 16 hex characters, kept as a string even when all digits.
    public let id: String
    public let hostname: String
    public let os: String
    public let platform: String
    /// Every field as sent.
    public let document: StatsDocument

    public init(_ document: StatsDocument) throws(BeanstalkError) {
        self.document = document
        currentJobsUrgent = try document.unsigned("current-jobs-urgent")
        currentJobsReady = try document.unsigned("current-jobs-ready")
        currentJobsReserved = try document.unsigned("current-jobs-reserved")
        currentJobsDelayed = try document.unsigned("current-jobs-delayed")
        currentJobsBuried = try document.unsigned("current-jobs-buried")
        jobTimeouts = try document.unsigned("job-timeouts")
        totalJobs = try document.unsigned("total-jobs")
        maxJobSize = try document.unsigned("max-job-size")
        currentTubes = try document.unsigned("current-tubes")
        currentConnections = try document.unsigned("current-connections")
        currentProducers = try document.unsigned("current-producers")
        currentWorkers = try document.unsigned("current-workers")
        currentWaiting = try document.unsigned("current-waiting")
        totalConnections = try document.unsigned("total-connections")
        pid = try document.unsigned("pid")
        version = document.string("version")
        rusageUserTime = try document.seconds("rusage-utime")
        rusageSystemTime = try document.seconds("rusage-stime")
        uptime = try document.unsigned("uptime")
        binlogOldestIndex = try document.unsigned("binlog-oldest-index")
        binlogCurrentIndex = try document.unsigned("binlog-current-index")
        binlogRecordsMigrated = try document.unsigned("binlog-records-migrated")
        binlogRecordsWritten = try document.unsigned("binlog-records-written")
        binlogMaxSize = try document.unsigned("binlog-max-size")
        draining = try document.bool("draining")
        id = document.string("id")
        hostname = document.string("hostname")
        os = document.string("os")
        platform = document.string("platform")
    }
}
