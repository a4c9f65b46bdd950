import AlarmCore
import ArgumentParser
import DaemonMetrics
import DaemonSupport
import EnvisalinkIntegrator

/// `howalarming-envisalink [run]`: the integrator daemon.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the integrator (the default).",
        discussion: """
            Logs in to the Envisalink TPI at envisalinkd.host:port, puts every panel message as an \
            event on each tube of beanstalkd.tubes.events, and carries out commands from \
            beanstalkd.tubes.commands. Reconnects to the panel and to beanstalkd by itself; while \
            beanstalkd is down, events wait in the spool (envisalinkd.spool). Stops cleanly on \
            SIGTERM or SIGINT. Codes and passwords never appear in logs or events.
            """
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-envisalink")
        let metrics = MetricsServer.bootstrapped(configuration.envisalink?.metrics, logger: logger)
        let services = try EnvisalinkIntegratorApp.services(configuration: configuration, logger: logger)
        try await runUntilSignalled(services, metrics: metrics, logger: logger)
    }
}
