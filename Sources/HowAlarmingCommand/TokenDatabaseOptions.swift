import AlarmCore
import DaemonSupport
public import ArgumentParser
public import CommandAPI

/// Where the tokens are: `--database`, else `command.database` of the configuration.
struct TokenDatabaseOptions: ParsableArguments {
    @OptionGroup var configFile: ConfigFileOption

    @Option(name: .long, help: ArgumentHelp("The command API's database, instead of command.database.", valueName: "file"))
    var database: String?

    /// The token store, opened (and created if missing).
    func tokenStore() throws -> TokenStore {
        let path = try database ?? configFile.load().command.database
        return TokenStore(database: try CommandDatabase(path: path))
    }
}

extension TokenScope: ExpressibleByArgument {}
