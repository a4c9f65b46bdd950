import AlarmCore
public import ArgumentParser
public import CommandAPI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the tokens are: `--database`, else `command.database` of the configuration.
struct TokenDatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Configuration file (default: $HOWALARMING_CONFIG, else /etc/howalarming/config.yaml or ./config.yaml).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The command API's database, instead of command.database.", valueName: "file"))
    var database: String?

    /// The token store, opened (and created if missing).
    func tokenStore() throws -> TokenStore {
        let path = try database ?? HowAlarmingConfig.load(
            explicitPath: config, environment: ProcessInfo.processInfo.environment
        ).command.database
        return TokenStore(database: try CommandDatabase(path: path))
    }
}

extension TokenScope: ExpressibleByArgument {}
