import NIOCore

/// The `key: value` lines of a beanstalkd stats reply.
///
/// Parsed line by line — never with a generic YAML loader — because beanstalkd 1.12
/// writes strings unquoted (`os: #1 SMP …`, a tube named `1.5`) and 1.13 quotes them.
/// Each line is split at the first `": "` and one surrounding pair of `"` is removed.
public struct StatsDocument: Sendable, Hashable {
    /// Every field as the server wrote it, unquoted, unknown keys included.
    public let fields: [String: String]

    /// Parses a stats body (`---\n` then `key: value\n` lines).
    public init(parsing text: String) throws(BeanstalkError) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line == "---" { continue }
            guard let separator = line.firstRange(of: ": ") else {
                // `key:` with an empty value is written without the trailing space by some versions.
                if line.hasSuffix(":") {
                    fields[String(line.dropLast())] = ""
                    continue
                }
                throw BeanstalkError(.protocolViolation, "malformed stats line \"\(line.prefix(64))\"")
            }
            let key = String(line[..<separator.lowerBound])
            fields[key] = Self.unquoted(line[separator.upperBound...])
        }
        self.fields = fields
    }

    init(parsing buffer: ByteBuffer) throws(BeanstalkError) {
        try self.init(parsing: String(buffer: buffer))
    }

    /// Parses a list body (`---\n` then `- name\n` lines).
    static func list(parsing buffer: ByteBuffer) throws(BeanstalkError) -> [String] {
        var names: [String] = []
        for line in String(buffer: buffer).split(separator: "\n", omittingEmptySubsequences: true) {
            if line == "---" { continue }
            guard line.hasPrefix("- ") else {
                throw BeanstalkError(.protocolViolation, "malformed list line \"\(line.prefix(64))\"")
            }
            names.append(unquoted(line.dropFirst(2)))
        }
        return names
    }

    private static func unquoted(_ value: Substring) -> String {
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            return String(value.dropFirst().dropLast())
        }
        return String(value)
    }

    /// The raw string for `key`, if present.
    public subscript(key: String) -> String? { fields[key] }

    func string(_ key: String) -> String { fields[key] ?? "" }

    func unsigned(_ key: String) throws(BeanstalkError) -> UInt64 {
        guard let text = fields[key] else { return 0 }
        guard let value = UInt64(text) else { throw invalid(key, text) }
        return value
    }

    func signed(_ key: String) throws(BeanstalkError) -> Int64 {
        guard let text = fields[key] else { return 0 }
        guard let value = Int64(text) else { throw invalid(key, text) }
        return value
    }

    func seconds(_ key: String) throws(BeanstalkError) -> Double {
        guard let text = fields[key] else { return 0 }
        guard let value = Double(text) else { throw invalid(key, text) }
        return value
    }

    func bool(_ key: String) throws(BeanstalkError) -> Bool {
        switch fields[key] {
        case nil, "false": return false
        case "true": return true
        case let text?: throw invalid(key, text)
        }
    }

    private func invalid(_ key: String, _ text: String) -> BeanstalkError {
        BeanstalkError(.protocolViolation, "stats field \(key) has an unexpected value \"\(text.prefix(64))\"")
    }
}
