import AlarmCore
import ArgumentParser
import DaemonMetrics
import DaemonSupport
import EnvisalinkIntegrator

/// `howalarming-envisalink`: the alarm integrator for an Envisalink EVL-3/EVL-4 on a DSC PowerSeries panel.
@main
struct HowAlarmingEnvisalink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-envisalink",
        abstract: "Connect a DSC panel (through an Envisalink module) to the HowAlarming queue.",
        discussion: """
            Logs in to the Envisalink TPI at envisalinkd.host:port, puts every panel message as an \
            event on each tube of beanstalkd.tubes.events, and carries out commands from \
            beanstalkd.tubes.commands. Reconnects to the panel and to beanstalkd by itself; while \
            beanstalkd is down, events wait in the spool (envisalinkd.spool). Stops cleanly on \
            SIGTERM or SIGINT. Codes and passwords never appear in logs or events.
            """,
        version: "0.1.0"
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-envisalink")
        let metrics = MetricsServer.bootstrapped(configuration.envisalink?.metrics, logger: logger)
        let services = try EnvisalinkIntegratorApp.services(configuration: configuration, logger: logger)
        try await runUntilSignalled(services, metrics: metrics, logger: logger)
    }
}
