import NIOCore

/// A task executor that runs jobs on one NIO event loop.
///
/// A task that prefers it (with `withTaskExecutorPreference`) is resumed on the loop that
/// completed its reply, instead of on a thread of Swift's global pool: no thread wake-up per
/// command. The queue benchmark measures the Beanstalk client both ways (`--on-event-loop`); the
/// daemons do not use it, since their handlers block (fsync, SQLite) and would stall every
/// connection on the loop. The task must not block.
final class EventLoopTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The loop jobs run on.
    let eventLoop: any EventLoop

    /// An executor for `eventLoop`.
    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
