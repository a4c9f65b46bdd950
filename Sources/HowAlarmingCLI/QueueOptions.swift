import AlarmCore
import ArgumentParser
import Beanstalk
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every subcommand shares: which configuration, which beanstalkd.
struct QueueOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: "beanstalkd host (overrides beanstalkd.host).")
    var host: String?

    @Option(name: .long, help: "beanstalkd port (overrides beanstalkd.port).")
    var port: Int?

    @Flag(name: .shortAndLong, help: "Log connection details to standard error.")
    var verbose = false

    func validate() throws {
        if let port, !(1...65535).contains(port) {
            throw ValidationError("--port must be from 1 to 65535")
        }
    }

    /// Sets up logging (at `defaultLogLevel` unless `--verbose` or `HOWALARMING_LOG_LEVEL` say
    /// otherwise), loads the configuration and applies the command-line overrides; logs config warnings.
    func loadConfiguration(defaultLogLevel: Logger.Level = .warning) throws -> HowAlarmingConfig {
        let environment = ProcessInfo.processInfo.environment
        LoggingSetup.bootstrap(level: verbose ? .debug : nil, environment: environment, defaultLevel: defaultLogLevel)
        var configuration = try HowAlarmingConfig.load(explicitPath: config, environment: environment)
        if let host {
            configuration.beanstalkd.host = host
            configuration.beanstalkd.socket = nil
        }
        if let port {
            configuration.beanstalkd.port = port
            configuration.beanstalkd.socket = nil
        }
        for warning in configuration.warnings {
            logger.warning("\(warning)")
        }
        return configuration
    }

    var logger: Logger { Logger(label: "howalarming") }

    /// A connection to the configured beanstalkd.
    func connect(_ configuration: HowAlarmingConfig) async throws -> BeanstalkConnection {
        try await BeanstalkConnection.connect(to: configuration.beanstalkd.endpoint, logger: logger)
    }
}

/// A tube name argument, validated with the reason beanstalkd would reject it.
func tubeArgument(_ name: String) throws -> TubeName {
    do {
        return try TubeName(name)
    } catch {
        throw ValidationError(error.message)
    }
}
