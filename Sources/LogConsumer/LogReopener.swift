public import Logging
public import ServiceLifecycle

/// Reopens the event log whenever asked (on SIGHUP, see ``HangupSignals``), and closes it at
/// shutdown. Runs until graceful shutdown.
public struct LogReopener: Service {
    let log: EventLog
    let requests: AsyncStream<Void>
    let logger: Logger

    /// - Parameter requests: One element per reopen request.
    public init(log: EventLog, requests: AsyncStream<Void>, logger: Logger) {
        self.log = log
        self.requests = requests
        self.logger = logger
    }

    public func run() async {
        for await _ in requests.cancelOnGracefulShutdown() {
            do {
                try await log.reopen()
                logger.info("log file reopened", metadata: ["path": "\(log.path)"])
            } catch {
                logger.error("cannot reopen the log file; events stay queued until it can be written", metadata: [
                    "error": "\(error)"
                ])
            }
        }
        await log.close()
    }
}
