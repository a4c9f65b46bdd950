public import Beanstalk
public import Logging
public import NIOCore

/// What a handler knows about the job it is handling.
public struct JobContext: Sendable {
    /// The job's id on the server.
    public let jobID: JobID
    /// The raw body, for handlers that keep it verbatim (the audit log); a view, not a copy.
    public let body: ByteBuffer
    /// A logger carrying `job_id` metadata.
    public let logger: Logger

    let job: ReservedJob
    let worker: BeanstalkWorker

    init(job: ReservedJob, worker: BeanstalkWorker, logger: Logger) {
        jobID = job.id
        body = job.body
        self.logger = logger
        self.job = job
        self.worker = worker
    }

    /// Which attempt at the job this is: 1 the first time, one more after every release
    /// (beanstalkd's `releases` counter), as the runtime counts towards
    /// ``ConsumerConfiguration/maximumAttempts``. Asks the server (`stats-job`).
    ///
    /// - Throws: `BeanstalkError` with code `.reservationLost` when the job is no longer
    ///   this consumer's (the connection dropped or its TTR ran out), or another
    ///   `BeanstalkError` when the server cannot be asked.
    public func attempt() async throws(BeanstalkError) -> Int {
        guard let stats = try await worker.stats(of: job) else {
            throw BeanstalkError(.reservationLost, "job \(jobID) no longer exists", jobID: jobID)
        }
        return stats.attempt
    }

    /// How long ago the job was put (beanstalkd's `age`, whole seconds): releases and kicks do
    /// not reset it. Asks the server (`stats-job`); throws as ``attempt()`` does.
    public func age() async throws(BeanstalkError) -> Duration {
        guard let stats = try await worker.stats(of: job) else {
            throw BeanstalkError(.reservationLost, "job \(jobID) no longer exists", jobID: jobID)
        }
        return .seconds(Int64(clamping: stats.age))
    }
}

extension JobStats {
    /// The attempt a handler is on: the number of releases so far plus one.
    var attempt: Int { Int(clamping: releases) + 1 }
}
