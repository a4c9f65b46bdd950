/// What reading one configuration document shares: where the text came from, the
/// environment (for secret overrides), and every mapping read, for the unknown-key warnings.
///
/// Used only while ``HowAlarmingConfig/parse(yaml:path:environment:)`` runs, on one thread.
final class ConfigReader {
    /// The file the text came from, as named, for messages and for resolving relative paths.
    let file: String?
    /// The process environment, for `HOWALARMING_<SECTION>_<KEY>` secret overrides.
    let environment: [String: String]
    private var maps: [ConfigMap] = []

    init(file: String?, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    /// An error about `keyPath` in this document (about the whole document when it is empty).
    func error(at keyPath: String?, _ reason: String) -> ConfigError {
        ConfigError(file: file, keyPath: keyPath?.isEmpty == true ? nil : keyPath, reason: reason)
    }

    /// Remembers `map` so that its unread keys are reported by ``warnings``.
    func register(_ map: ConfigMap) {
        maps.append(map)
    }

    /// One line per key that no reader asked for, in the order the mappings were read.
    var warnings: [String] {
        maps.flatMap { map in
            map.unreadKeys.map { key in
                ConfigError.format(
                    file: file, keyPath: map.path(of: key),
                    text: "unknown key, ignored (known keys: \(map.readKeys.sorted().joined(separator: ", ")))")
            }
        }
    }

    /// `path` as given when absolute, otherwise relative to the configuration file's directory
    /// (to the working directory when the text did not come from a file in another directory).
    func resolve(path: String) -> String {
        guard !path.hasPrefix("/"), let file, let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}
