/// Counters for one tube, from `stats-tube`.
public struct TubeStats: Sendable, Hashable {
    /// The tube's name as the server wrote it (a name like `1.5` stays a string).
    public let name: String
    public let currentJobsUrgent: UInt64
    public let currentJobsReady: UInt64
    public let currentJobsReserved: UInt64
    public let currentJobsDelayed: UInt64
    public let currentJobsBuried: UInt64
    public let totalJobs: UInt64
    public let currentUsing: UInt64
    public let currentWatching: UInt64
    public let currentWaiting: UInt64
    public let cmdDelete: UInt64
    public let cmdPauseTube: UInt64
    /// The pause length in seconds (0 when not paused).
    public let pause: UInt64
    public let pauseTimeLeft: UInt64
    /// Every field as sent.
    public let document: StatsDocument

    public init(_ document: StatsDocument) throws(BeanstalkError) {
        self.document = document
        name = document.string("name")
        currentJobsUrgent = try document.unsigned("current-jobs-urgent")
        currentJobsReady = try document.unsigned("current-jobs-ready")
        currentJobsReserved = try document.unsigned("current-jobs-reserved")
        currentJobsDelayed = try document.unsigned("current-jobs-delayed")
        currentJobsBuried = try document.unsigned("current-jobs-buried")
        totalJobs = try document.unsigned("total-jobs")
        currentUsing = try document.unsigned("current-using")
        currentWatching = try document.unsigned("current-watching")
        currentWaiting = try document.unsigned("current-waiting")
        cmdDelete = try document.unsigned("cmd-delete")
        cmdPauseTube = try document.unsigned("cmd-pause-tube")
        pause = try document.unsigned("pause")
        pauseTimeLeft = try document.unsigned("pause-time-left")
    }
}
