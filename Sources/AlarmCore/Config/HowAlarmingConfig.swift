/// The HowAlarming configuration shared by every executable: one YAML file with a section
/// per component. Every key has a default, so an empty file (or none at all) is valid.
///
/// Load it with ``load(explicitPath:environment:defaultSearchPaths:)``; see
/// `docs/configuration.md` for every key.
public struct HowAlarmingConfig: Sendable, Hashable {
    /// Where beanstalkd is and which tubes to use (section `beanstalkd`).
    public var beanstalkd = BeanstalkdConfig()
    /// The alarm panel interface (section `envisalinkd`, or its alias `envisalink`),
    /// `nil` when the file has neither.
    public var envisalink: EnvisalinkConfig?
    /// The push notification consumer (section `push`).
    public var push = PushConfig()
    /// The event log consumer (section `log`).
    public var log = LogConfig()
    /// The command API (section `command`).
    public var command = CommandConfig()
    /// The MQTT bridge (section `mqtt`), `nil` when the file has none.
    public var mqtt: MQTTConfig?
    /// The file the configuration was read from, `nil` for the built-in defaults.
    public var path: String?
    /// Things worth logging that did not stop loading, such as unknown keys (likely typos)
    /// in the sections HowAlarming owns, each as `FILE: KEY.PATH: TEXT`.
    public var warnings: [String] = []

    /// The built-in defaults (what loading gives when there is no configuration file).
    public init() {}
}

extension HowAlarmingConfig {
    /// Reads the document's root mapping. Sections other than HowAlarming's are ignored:
    /// other programs (the original `alert_*` scripts) share the file.
    init(reading root: ConfigMap) throws(ConfigError) {
        self.init()
        beanstalkd = try root.section("beanstalkd").map(BeanstalkdConfig.init(reading:)) ?? beanstalkd
        envisalink = try root.section(EnvisalinkConfig.sectionName, alias: "envisalink")
            .map(EnvisalinkConfig.init(reading:))
        push = try root.section("push").map(PushConfig.init(reading:)) ?? push
        log = try root.section("log").map(LogConfig.init(reading:)) ?? log
        command = try root.section("command").map(CommandConfig.init(reading:)) ?? command
        mqtt = try root.section("mqtt").map(MQTTConfig.init(reading:))
    }
}
