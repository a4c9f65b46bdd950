import AlarmCore
import Foundation
import TestSupport
import Testing

/// Every key of `deploy/config.example.yaml` (its push services and TLS enabled) in turn: given a
/// value of the wrong type, given a negative number where it holds an integer, and left out.
/// A wrong value must stop the parse with that key and a reason; a left-out key takes its
/// default, except the few the documentation calls required.
@Suite struct ConfigEveryKeyTests {
    /// The keys whose absence is an error when their section is present (docs/configuration.md).
    static let requiredKeys: Set = [
        "push.apns.key_file", "push.apns.key_id", "push.apns.team_id", "push.apns.topic", "push.fcm.service_account_file",
    ]

    @Test func aWrongTypeOfValueIsRefusedNamingTheKey() throws {
        let example = try ExampleConfig.load()
        #expect(example.leaves.count >= 50, "only \(example.leaves.count) keys found in the example")
        for leaf in example.leaves {
            let error = Self.parseError(example.replacingValue(of: leaf, with: "{wrong: [1]}"))
            #expect(error?.keyPath?.hasPrefix(leaf.path) == true, "\(leaf.path): \(error.map(String.init(describing:)) ?? "accepted")")
        }
    }

    @Test func aNegativeNumberIsRefusedWhereAnIntegerBelongs() throws {
        let example = try ExampleConfig.load()
        let integers = example.leaves.filter { Int($0.value) != nil }
        #expect(integers.count >= 14, "only \(integers.map(\.path)) hold integers")
        for leaf in integers {
            let error = Self.parseError(example.replacingValue(of: leaf, with: "-5"))
            #expect(error?.keyPath == leaf.path, "\(leaf.path): \(error.map(String.init(describing:)) ?? "accepted")")
            #expect(error?.reason.contains("-5") == true, "\(leaf.path): the reason does not say what was given")
        }
    }

    @Test func aLeftOutKeyTakesItsDefaultUnlessItIsRequired() throws {
        let example = try ExampleConfig.load()
        var refused: Set<String> = []
        for leaf in example.leaves {
            guard let error = Self.parseError(example.removing(leaf)) else { continue }
            refused.insert(leaf.path)
            #expect(error.keyPath == leaf.path, "\(leaf.path) left out: \(error)")
            #expect(error.reason.contains("required"), "\(leaf.path) left out: \(error)")
        }
        #expect(refused == Self.requiredKeys)
    }

    /// The error parsing `yaml` throws, or `nil` when it parses.
    private static func parseError(_ yaml: String) -> ConfigError? {
        do throws(ConfigError) {
            _ = try HowAlarmingConfig.parse(yaml: yaml, path: ExampleConfig.path, environment: [:])
            return nil
        } catch {
            return error
        }
    }
}

/// `deploy/config.example.yaml` with its commented push services, TLS and MQTT sections enabled, and
/// the key paths of its values, found by indentation (the example writes one key a line).
struct ExampleConfig {
    /// A key that holds a value (not a section), on line `line`.
    struct Leaf {
        let path: String
        let line: Int
        let value: String
    }

    static let path = PackageLayout.root + "/deploy/config.example.yaml"

    let lines: [String]
    let leaves: [Leaf]

    static func load() throws -> ExampleConfig {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The web_push, bypass and proxy sections stay commented: web_push's key file is read
        // when the file is parsed, a bypass profile names zones that leaving out a zone would
        // invalidate, and a proxy listens (PushConsumerTests.WebPushConfigTests,
        // BypassConfigTests and TPIProxyConfigTests cover their keys).
        var inCommentedSection = false
        var inMQTT = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("  # web_push:") || line.hasPrefix("  # bypass:") || line.hasPrefix("  # proxy:") { inCommentedSection = true }
            if inCommentedSection { inCommentedSection = line.hasPrefix("  #"); return String(line) }
            if line.hasPrefix("# mqtt:") { inMQTT = true }
            if inMQTT { inMQTT = line.hasPrefix("#"); return inMQTT ? String(line.dropFirst(2)) : String(line) }
            for prefix in ["  # apns:", "  # fcm:", "  #   "] where line.hasPrefix(prefix) { return "  " + line.dropFirst(4) }
            return line.hasPrefix("  # tls: {") ? "  " + line.dropFirst(4) : String(line)
        }
        return ExampleConfig(lines: lines, leaves: leaves(of: lines))
    }

    /// The document with `leaf`'s value replaced by `value`.
    func replacingValue(of leaf: Leaf, with value: String) -> String {
        var lines = lines
        let indent = lines[leaf.line].prefix { $0 == " " }
        lines[leaf.line] = indent + Self.key(of: lines[leaf.line])! + ": " + value
        return lines.joined(separator: "\n")
    }

    /// The document without `leaf`.
    func removing(_ leaf: Leaf) -> String {
        var lines = lines
        lines.remove(at: leaf.line)
        return lines.joined(separator: "\n")
    }

    private static func leaves(of lines: [String]) -> [Leaf] {
        var sections: [(indent: Int, key: String)] = []
        var leaves: [Leaf] = []
        for (number, line) in lines.enumerated() {
            guard let key = key(of: line) else { continue }
            let indent = line.prefix { $0 == " " }.count
            sections.removeAll { $0.indent >= indent }
            let path = (sections.map(\.key) + [key.trimmingCharacters(in: ["\""])]).joined(separator: ".")
            let afterKey = line[line.index(after: line.firstIndex(of: ":")!)...]
            let value = afterKey.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if value.isEmpty { sections.append((indent, key)) } else { leaves.append(Leaf(path: path, line: number, value: value)) }
        }
        return leaves
    }

    /// The key a `key: value` line sets, or `nil` for comments and blank lines.
    private static func key(of line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let colon = trimmed.firstIndex(of: ":") else { return nil }
        return String(trimmed[..<colon])
    }
}
