public import AlarmCore
public import ArgumentParser
public import DaemonMetrics
public import Logging
public import ServiceLifecycle
import UnixSignals

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every HowAlarming daemon takes: `--config` and `--log-level`.
public struct DaemonOptions: ParsableArguments {
    @OptionGroup public var configFile: ConfigFileOption

    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error, critical.")
    public var logLevel: String?

    public init() {}

    public func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    /// Sets up logging and loads the configuration, logging its warnings.
    ///
    /// - Returns: The configuration and a logger labelled `label`.
    /// - Throws: ``ConfigError`` naming the file, key and reason.
    public func start(label: String) throws -> (HowAlarmingConfig, Logger) {
        let environment = ProcessInfo.processInfo.environment
        LoggingSetup.bootstrap(
            level: logLevel.flatMap(Logger.Level.init(rawValue:)), environment: environment, defaultLevel: .info)
        let logger = Logger(label: label)
        let configuration = try configFile.load()
        for warning in configuration.warnings { logger.warning("\(warning)") }
        return (configuration, logger)
    }
}

/// Runs `services` until SIGTERM or SIGINT, then stops them gracefully in reverse order. The
/// `metrics` server (``MetricsServer/bootstrapped(_:logger:)``), when there is one, runs before
/// them, so that it stops last. Under a notify-aware supervisor (systemd's `Type=notify`), a
/// ``SystemdNotifier`` runs beside them.
public func runUntilSignalled(_ services: [any Service], metrics: MetricsServer? = nil, logger: Logger) async throws {
    let notifier = SystemdNotifier.fromEnvironment(ProcessInfo.processInfo.environment, logger: logger)
    let group = ServiceGroup(
        configuration: .init(
            services: (metrics.map { [$0] } ?? []) + services + (notifier.map { [$0] } ?? []),
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
}
