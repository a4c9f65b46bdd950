import AlarmCore
import ArgumentParser
import EnvisalinkIntegrator
import Logging
import ServiceLifecycle
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    @Option(name: .long, help: ArgumentHelp("Configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        LoggingSetup.bootstrap(level: logLevel.flatMap(Logger.Level.init(rawValue:)), environment: environment, defaultLevel: .info)
        let logger = Logger(label: "howalarming-envisalink")
        let configuration = try HowAlarmingConfig.load(explicitPath: config, environment: environment)
        for warning in configuration.warnings { logger.warning("\(warning)") }
        let services = try EnvisalinkIntegratorApp.services(configuration: configuration, logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
