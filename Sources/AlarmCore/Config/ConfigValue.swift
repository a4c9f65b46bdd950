/// One YAML value at a known key path: converts it to the types the configuration uses,
/// with errors that name the key path and say what was expected.
///
/// Scalars are read from their original text, never through YAML's own typing, so
/// `code_master: 0123` is `"0123"` (not octal) and `port: 11300` and `port: "11300"` agree.
struct ConfigValue {
    let node: YAMLNode
    let keyPath: String
    let reader: ConfigReader

    /// Whether `node` is YAML's null: an unquoted empty value, `~` or `null`.
    static func isNull(_ node: YAMLNode) -> Bool {
        guard case .scalar(let text, isPlain: true) = node else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// An error about this value.
    func failure(_ reason: String) -> ConfigError {
        reader.error(at: keyPath, reason)
    }

    /// What kind of node this is, for messages that must not echo the value.
    var kind: String {
        switch node {
        case .scalar: "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// The scalar's original text; `expected` names what should have been given instead of a
    /// list or mapping. The message never contains the value, so secrets can use this too.
    func text(expected: String = "a single value") throws(ConfigError) -> String {
        guard case .scalar(let text, _) = node else { throw failure("must be \(expected), got \(kind)") }
        return text
    }

    /// The text, which must not be empty.
    func nonEmptyText() throws(ConfigError) -> String {
        let text = try text()
        guard !text.isEmpty else { throw failure("must not be empty") }
        return text
    }

    /// A decimal integer within `range` (digits with an optional sign; no octal, hex or `_`).
    func integer(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let text = try text(expected: "an integer")
        guard let number = Int(text), range.contains(number) else {
            throw failure(ConfigValue.outOfRange(range, got: text))
        }
        return number
    }

    /// The reason for `text` not being an integer within `range`.
    static func outOfRange(_ range: ClosedRange<Int>, got text: String) -> String {
        "must be an integer from \(range.lowerBound) to \(range.upperBound), got \(String(reflecting: text))"
    }

    /// `true` or `false` (YAML 1.2's booleans; also `yes`/`no`, which the original configs used).
    func boolean() throws(ConfigError) -> Bool {
        let text = try text(expected: "true or false")
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw failure("must be true or false, got \(String(reflecting: text))")
        }
    }

    /// A time of day, `HH:MM` from 00:00 to 23:59.
    func timeOfDay() throws(ConfigError) -> TimeOfDay {
        let text = try text(expected: "a time of day (HH:MM)")
        guard let time = TimeOfDay(text) else {
            throw failure("must be a time of day as HH:MM, from 00:00 to 23:59, got \(String(reflecting: text))")
        }
        return time
    }

    /// The TCP port numbers.
    static let ports = 1...65535

    /// A TCP port, 1–65535.
    func port() throws(ConfigError) -> Int {
        try integer(in: ConfigValue.ports)
    }

    /// An `http://` or `https://` URL with a host, kept as text.
    func url() throws(ConfigError) -> String {
        let text = try text(expected: "a URL")
        let lowered = text.lowercased()
        let scheme = ["https://", "http://"].first { lowered.hasPrefix($0) }
        let authority = text.dropFirst(scheme?.count ?? 0).prefix { !"/?#".contains($0) }
        guard scheme != nil, !authority.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw failure("must be an https:// or http:// URL with a host, got \(String(reflecting: text))")
        }
        return text
    }

    /// The mapping this value holds; its keys nobody reads are reported when `reportingUnknownKeys`.
    func map(reportingUnknownKeys: Bool = true) throws(ConfigError) -> ConfigMap {
        guard case .mapping(let mapping) = node else { throw failure("must be a mapping of keys, got \(kind)") }
        var entries: [(key: String, node: YAMLNode)] = []
        for (key, value) in mapping {
            guard case .scalar(let text, _) = key else {
                throw failure("keys must be single values, not lists or mappings")
            }
            entries.append((text, value))
        }
        return ConfigMap(keyPath: keyPath, entries: entries, reader: reader, reportsUnknownKeys: reportingUnknownKeys)
    }

    /// A non-empty list of distinct tube names (a single name counts as a list of one).
    func tubeNames() throws(ConfigError) -> [TubeName] {
        try uniqueList { item throws(ConfigError) in try item.tubeName() }
    }

    /// A non-empty list of distinct raw values of `Choice` (a single value counts as a list of one).
    func choices<Choice: CaseIterable & RawRepresentable<String> & Hashable>(
        of type: Choice.Type
    ) throws(ConfigError) -> [Choice] {
        try uniqueList { item throws(ConfigError) in try item.choice(of: type) }
    }

    /// A non-empty list of distinct 3-digit panel command codes such as `"030"`.
    func panelCodes() throws(ConfigError) -> [String] {
        try uniqueList { item throws(ConfigError) in
            let text = try item.text(expected: "a 3-digit code")
            guard text.utf8.count == 3, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                throw item.failure("must be a 3-digit panel command code, got \(String(reflecting: text))")
            }
            return text
        }
    }

    /// The elements of a list, each with its `[index]` key path; a single value counts as a
    /// one-element list. The list must not be empty, and `element` must not give duplicates.
    func uniqueList<Element: Hashable>(
        _ element: (ConfigValue) throws(ConfigError) -> Element
    ) throws(ConfigError) -> [Element] {
        guard case .sequence(let sequence) = node else { return [try element(self)] }
        guard !sequence.isEmpty else { throw failure("must not be an empty list") }
        var result: [Element] = []
        for (index, node) in sequence.enumerated() {
            let item = ConfigValue(node: node, keyPath: "\(keyPath)[\(index)]", reader: reader)
            let converted = try element(item)
            if let first = result.firstIndex(of: converted) {
                throw item.failure("duplicate of \(keyPath)[\(first)]")
            }
            result.append(converted)
        }
        return result
    }

    /// A valid beanstalkd tube name.
    func tubeName() throws(ConfigError) -> TubeName {
        let text = try text(expected: "a tube name")
        do { return try TubeName(text) } catch { throw failure(error.message) }
    }

    /// One of the raw values of `Choice` (an enum such as ``EventType``).
    func choice<Choice: CaseIterable & RawRepresentable<String>>(
        of type: Choice.Type = Choice.self
    ) throws(ConfigError) -> Choice {
        let text = try text()
        guard let choice = Choice(rawValue: text) else {
            let valid = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure("must be one of \(valid), got \(String(reflecting: text))")
        }
        return choice
    }

    /// A path to a file the executables read, resolved relative to the configuration file's directory.
    func inputFile() throws(ConfigError) -> String {
        reader.resolve(path: try nonEmptyText())
    }
}
