public import Beanstalk

/// The event log consumer: section `log`.
public struct LogConfig: Sendable, Hashable {
    /// The sizes `rotate_bytes` may have: 1 KiB to 1 TiB.
    public static let rotateBytesRange = 1024...(1 << 40)
    /// The numbers of old files `keep` may ask for.
    public static let keepRange = 1...1000

    /// Tube the logger reads events from (`tube`, default `log`).
    public var tube = TubeName(validLiteral: "log")
    /// File the events are appended to, one JSON object per line
    /// (`file`, default `/var/log/howalarming/events.jsonl`).
    public var file = "/var/log/howalarming/events.jsonl"
    /// Size in bytes past which the file is rotated to `FILE.1` before the next line
    /// (`rotate_bytes`, 1024 to 2^40; default none: no rotation by the consumer, for logrotate).
    public var rotateBytes: Int?
    /// How many rotated files (`FILE.1` … `FILE.N`) are kept (`keep`, 1–1000, default 5).
    public var keep = 5

    /// Where `/healthz` and `/metrics` are served (`metrics`, `HOST:PORT`, loopback unless
    /// `metrics_allow_non_loopback: true`; default none: not served).
    public var metrics: MetricsConfig?

    /// The defaults.
    public init() {}
}

extension LogConfig {
    /// Reads the `log` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        file = try map.value("file")?.nonEmptyText() ?? file
        rotateBytes = try map.value("rotate_bytes")?.integer(in: LogConfig.rotateBytesRange)
        keep = try map.value("keep")?.integer(in: LogConfig.keepRange) ?? keep
        metrics = try map.metrics()
    }
}
