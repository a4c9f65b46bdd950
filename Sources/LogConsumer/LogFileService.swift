public import Logging
public import ServiceLifecycle

/// Keeps the event log's file: opens it at start, so that a missing or unwritable directory is
/// reported at once rather than with the first event; reopens it on each request (SIGHUP, see
/// ``HangupSignals``); closes it at shutdown. Runs until graceful shutdown.
public struct LogFileService: Service {
    let log: EventLog
    let reopenRequests: AsyncStream<Void>
    let logger: Logger

    /// - Parameter reopenRequests: One element per reopen request.
    public init(log: EventLog, reopenRequests: AsyncStream<Void>, logger: Logger) {
        self.log = log
        self.reopenRequests = reopenRequests
        self.logger = logger
    }

    public func run() async {
        await open()
        for await _ in reopenRequests.cancelOnGracefulShutdown() {
            if await open() { logger.info("log file reopened", metadata: ["path": "\(log.path)"]) }
        }
        await log.close()
    }

    /// (Re)opens the file; a failure is logged, and the next event tries again.
    @discardableResult
    private func open() async -> Bool {
        do {
            try await log.reopen()
            return true
        } catch {
            logger.error("cannot open the log file; events stay queued until it can be written", metadata: [
                "error": "\(error)"
            ])
            return false
        }
    }
}
