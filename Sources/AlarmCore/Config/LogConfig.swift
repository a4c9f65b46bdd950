public import Beanstalk

/// The event log consumer: section `log`.
public struct LogConfig: Sendable, Hashable {
    /// Tube the logger reads events from (`tube`, default `log`).
    public var tube = TubeName(validLiteral: "log")
    /// File the events are appended to, one JSON object per line
    /// (`file`, default `/var/log/howalarming/events.jsonl`).
    public var file = "/var/log/howalarming/events.jsonl"

    /// The defaults.
    public init() {}
}

extension LogConfig {
    /// Reads the `log` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        file = try map.value("file")?.nonEmptyText() ?? file
    }
}
