public import Beanstalk

/// The command API: section `command`.
public struct CommandConfig: Sendable, Hashable {
    /// Tube the command API reads events from (`tube`, default `command`).
    public var tube = TubeName(validLiteral: "command")
    /// Address the HTTP API listens on (`listen`, default `127.0.0.1:8080`).
    public var listen = ListenAddress(host: "127.0.0.1", port: 8080)
    /// The command API's SQLite database (`database`, default `/var/lib/howalarming/command.sqlite`).
    public var database = "/var/lib/howalarming/command.sqlite"

    /// The defaults.
    public init() {}
}

extension CommandConfig {
    /// Reads the `command` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        listen = try map.value("listen")?.listenAddress() ?? listen
        database = try map.value("database")?.nonEmptyText() ?? database
    }
}
