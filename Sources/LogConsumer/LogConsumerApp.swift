public import AlarmCore
public import Logging
public import ServiceLifecycle

/// Builds the log consumer's services from the configuration; `main` runs them.
public enum LogConsumerApp {
    /// Delays between attempts of an event that could not be written: short enough that the log
    /// catches up soon after the disk has room again.
    static let retryBackoff = Backoff(initial: .seconds(1), maximum: .seconds(30))

    /// The services: the file keeper (first, so that it closes the file last) and the consumer.
    ///
    /// - Parameters:
    ///   - reopenRequests: Reopen the log file on each element (``HangupSignals/catching()``).
    ///   - printLine: Where the one-line summary of each written event goes.
    public static func services(
        configuration: HowAlarmingConfig,
        reopenRequests: AsyncStream<Void>,
        printLine: @escaping @Sendable (String) -> Void = StandardOutput.writeLine,
        logger: Logger
    ) -> [any Service] {
        let settings = configuration.log
        let rotation = settings.rotateBytes.map { LogRotation(maximumBytes: Int64($0), keep: settings.keep) }
        let log = EventLog(path: settings.file, rotation: rotation, logger: logger)
        let handler = EventLogHandler(log: log, printLine: printLine, retryBackoff: retryBackoff)
        // An event is never buried for failing to be written: it is retried until the disk takes it.
        let consumer = ConsumerConfiguration(tubes: [settings.tube], maximumAttempts: .max, retryBackoff: retryBackoff)
        return [
            LogFileService(log: log, reopenRequests: reopenRequests, logger: logger),
            QueueConsumer<AlarmEvent>(
                endpoint: configuration.beanstalkd.endpoint, configuration: consumer, logger: logger,
                handler: handler.handle),
        ]
    }
}
