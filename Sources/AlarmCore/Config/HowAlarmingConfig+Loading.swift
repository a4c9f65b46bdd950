/// Finding, reading and parsing the configuration file.
extension HowAlarmingConfig {
    /// The environment variable naming the configuration file.
    public static let pathVariable = "HOWALARMING_CONFIG"

    /// Where the configuration file is looked for when neither `--config` nor
    /// `HOWALARMING_CONFIG` names one, in order.
    public static let defaultSearchPaths = ["/etc/howalarming/config.yaml", "./config.yaml"]

    /// Loads the configuration from the first of: `explicitPath` (the `--config` option),
    /// the file named by `$HOWALARMING_CONFIG`, the first of `defaultSearchPaths` that exists.
    ///
    /// A file named by `explicitPath` or the environment must exist. When none of the
    /// default locations exists, the built-in defaults are returned (with `path` `nil`),
    /// so the tools work against a local beanstalkd without any configuration.
    ///
    /// - Parameters:
    ///   - explicitPath: The file given on the command line, if any.
    ///   - environment: The process environment: `HOWALARMING_CONFIG` and the secret overrides.
    ///   - defaultSearchPaths: The fallback locations, in order (replaceable for tests).
    public static func load(
        explicitPath: String?,
        environment: [String: String],
        defaultSearchPaths: [String] = HowAlarmingConfig.defaultSearchPaths
    ) throws(ConfigError) -> HowAlarmingConfig {
        if let explicitPath {
            return try parse(file: explicitPath, namedBy: "given by --config", environment: environment)
        }
        if let named = environment[pathVariable], !named.isEmpty {
            return try parse(file: named, namedBy: "named by \(pathVariable)", environment: environment)
        }
        guard let found = defaultSearchPaths.first(where: TextFile.exists(atPath:)) else {
            return HowAlarmingConfig()
        }
        return try parse(file: found, namedBy: nil, environment: environment)
    }

    /// Parses configuration text. `path` is the file it came from, used in messages and to
    /// resolve relative `*_file` paths; `environment` supplies the secret overrides.
    public static func parse(
        yaml: String, path: String?, environment: [String: String]
    ) throws(ConfigError) -> HowAlarmingConfig {
        let reader = ConfigReader(file: path, environment: environment)
        var config = HowAlarmingConfig()
        if let root = try compose(yaml: yaml, reader: reader), !ConfigValue.isNull(root) {
            let map = try ConfigValue(node: root, keyPath: "", reader: reader).map(reportingUnknownKeys: false)
            config = try HowAlarmingConfig(reading: map)
            try config.checkConsumerTubesAreNotTaps(file: path)
        }
        config.path = path
        config.warnings = reader.warnings
        return config
    }

    /// Reads and parses `file`; `namedBy` says who named it, for the message when it cannot be read.
    private static func parse(
        file: String, namedBy: String?, environment: [String: String]
    ) throws(ConfigError) -> HowAlarmingConfig {
        let text: String
        do {
            text = try TextFile.read(atPath: file)
        } catch {
            let origin = namedBy.map { " (\($0))" } ?? ""
            throw ConfigError(file: file, reason: "cannot read the configuration file\(origin): \(error.reason)")
        }
        return try parse(yaml: text, path: file, environment: environment)
    }

    /// The document's root node, `nil` for an empty document; YAML errors give line and column.
    private static func compose(yaml: String, reader: ConfigReader) throws(ConfigError) -> YAMLNode? {
        do {
            return try YAMLComposer.compose(yaml)
        } catch {
            throw reader.error(at: nil, error.description)
        }
    }
}
