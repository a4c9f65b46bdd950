/// A supervisord configuration file read as its sections, for the tests of deploy/supervisord and
/// `make run`: `[program:log]` is `"program:log"`, each with its `key=value` settings. Comment
/// lines (`;`) are skipped; a setting before the first section is dropped.
public struct SupervisordConfiguration: Sendable {
    /// The settings of each section, by the section's name.
    public let sections: [String: [String: String]]

    /// Reads `text`, one setting a line as deploy/supervisord/howalarming.conf writes them.
    public init(_ text: String) {
        var sections: [String: [String: String]] = [:]
        var current: String?
        for line in text.split(separator: "\n") where !line.hasPrefix(";") {
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                current = name
                sections[name] = [:]
            } else if let section = current, let equals = line.firstIndex(of: "=") {
                sections[section]?[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        self.sections = sections
    }

    /// The names of the `[program:…]` sections.
    public var programs: Set<String> {
        Set(sections.keys.filter { $0.hasPrefix("program:") }.map { String($0.dropFirst("program:".count)) })
    }

    /// The programs `[group:name]` lists.
    public func members(of group: String) -> [String] {
        sections["group:\(group)"]?["programs"]?.split(separator: ",").map(String.init) ?? []
    }

    /// The settings of `[program:name]`, empty when there is no such section.
    public func program(_ name: String) -> [String: String] {
        sections["program:\(name)"] ?? [:]
    }
}
