/// A YAML mapping being read: hands out its values by key, remembering which keys were asked
/// for so that the others can be reported as unknown (likely typos).
///
/// A key set to `null` (or left empty) reads as absent, so it takes its default.
final class ConfigMap {
    /// The dotted path of this mapping, empty for the document root.
    let keyPath: String
    let reader: ConfigReader
    private let entries: [(key: String, node: YAMLNode)]
    private(set) var readKeys: Set<String> = []

    /// Wraps `entries`. When `reportsUnknownKeys`, keys never read end up in the warnings.
    init(keyPath: String, entries: [(key: String, node: YAMLNode)], reader: ConfigReader, reportsUnknownKeys: Bool) {
        self.keyPath = keyPath
        self.entries = entries
        self.reader = reader
        if reportsUnknownKeys { reader.register(self) }
    }

    /// The dotted path of `key` in this mapping.
    func path(of key: String) -> String {
        keyPath.isEmpty ? key : "\(keyPath).\(key)"
    }

    /// The keys present that no reader asked for, in document order.
    var unreadKeys: [String] {
        entries.map(\.key).filter { !readKeys.contains($0) }
    }

    /// The value of `key`, or `nil` when it is absent or `null`.
    func value(_ key: String) -> ConfigValue? {
        readKeys.insert(key)
        guard let node = entries.first(where: { $0.key == key })?.node, !ConfigValue.isNull(node) else { return nil }
        return ConfigValue(node: node, keyPath: path(of: key), reader: reader)
    }

    /// The value of `key`, or the error `KEY: is required` when it is absent or `null`.
    func required(_ key: String) throws(ConfigError) -> ConfigValue {
        guard let value = value(key) else { throw reader.error(at: path(of: key), "is required") }
        return value
    }

    /// Accepts `key` without using it (a key the original project read that we do not need).
    func ignore(_ key: String) {
        readKeys.insert(key)
    }

    /// The mapping under `key` (or under its older name `alias`), `nil` when absent or `null`.
    /// Errors name the mapping by `key`, whichever spelling was used; both spellings at once is an error.
    func section(_ key: String, alias: String? = nil) throws(ConfigError) -> ConfigMap? {
        if let alias {
            readKeys.insert(alias)
            let present = Set(entries.map(\.key))
            if present.contains(key) && present.contains(alias) {
                throw reader.error(at: path(of: key), "use either \(key) or \(alias) (an older name), not both")
            }
            if let value = value(alias) {
                return try ConfigValue(node: value.node, keyPath: path(of: key), reader: reader).map()
            }
        }
        return try value(key)?.map()
    }

    /// Every entry, all marked as read: for mappings whose keys are data (zone numbers).
    func allEntries() -> [(key: String, value: ConfigValue)] {
        entries.map { entry in
            readKeys.insert(entry.key)
            return (entry.key, ConfigValue(node: entry.node, keyPath: path(of: entry.key), reader: reader))
        }
    }
}
