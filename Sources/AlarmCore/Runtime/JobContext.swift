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
}
