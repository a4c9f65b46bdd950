public import Beanstalk
public import Logging

/// What a handler knows about the job it is handling.
public struct JobContext: Sendable {
    /// The job's id on the server.
    public let jobID: JobID
    /// The raw body, for handlers that keep it verbatim (the audit log).
    public let body: [UInt8]
    /// A logger carrying `job_id` metadata.
    public let logger: Logger
}
