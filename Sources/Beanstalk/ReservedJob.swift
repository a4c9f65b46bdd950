public import NIOCore

/// A job reserved through a ``BeanstalkWorker``.
///
/// It remembers which connection reserved it: once that connection is lost the
/// server has handed the job back, so delete, release, bury and touch on it report
/// ``BeanstalkError/Code/reservationLost`` instead of being sent on a new connection.
public struct ReservedJob: Sendable, Hashable {
    public let id: JobID
    public let body: ByteBuffer
    /// The worker connection it was reserved on.
    let connectionGeneration: UInt64

    init(_ job: Job, connectionGeneration: UInt64) {
        self.id = job.id
        self.body = job.body
        self.connectionGeneration = connectionGeneration
    }
}
