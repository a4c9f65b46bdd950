import AlarmCore
import ArgumentParser
import DaemonMetrics
import DaemonSupport
import LogConsumer

/// `howalarming-log`: the event log consumer.
@main
struct HowAlarmingLog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-log",
        abstract: "Append every alarm event to the event log file, one JSON line each.",
        discussion: """
            Takes events from the log.tube tube and appends each to log.file as one line of \
            canonical JSON, synced to disk before the job is deleted, and prints a one-line \
            summary of it on standard output. An event already in the log (the same id, delivered \
            again) is not written twice. SIGHUP reopens the file (after logrotate renamed it); \
            log.rotate_bytes and log.keep rotate it by size instead. An event that cannot be \
            written (full disk, missing or unwritable directory) stays queued and is tried again. \
            Jobs that are not events are buried (see howalarming peek log --buried). Stops \
            cleanly on SIGTERM or SIGINT: the event in flight is finished.
            """,
        version: "0.1.0"
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-log")
        let metrics = MetricsServer.bootstrapped(configuration.log.metrics, logger: logger)
        let hangups = await HangupSignals.catching()
        let services = LogConsumerApp.services(configuration: configuration, reopenRequests: hangups, logger: logger)
        try await runUntilSignalled(services, metrics: metrics, logger: logger)
    }
}
