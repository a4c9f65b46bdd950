public import AlarmCore
public import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--config FILE`: the configuration file every executable but the CLI reads.
public struct ConfigFileOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Configuration file (default: $HOWALARMING_CONFIG, else /etc/howalarming/config.yaml or ./config.yaml).", valueName: "file"))
    public var config: String?

    public init() {}

    /// Loads the configuration from `--config`, `$HOWALARMING_CONFIG` or the default paths.
    ///
    /// - Throws: ``ConfigError`` naming the file, key and reason.
    public func load() throws -> HowAlarmingConfig {
        try HowAlarmingConfig.load(explicitPath: config, environment: ProcessInfo.processInfo.environment)
    }
}
