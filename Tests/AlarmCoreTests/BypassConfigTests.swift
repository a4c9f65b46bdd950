import AlarmCore
import Foundation
import Testing

/// The `envisalinkd.bypass` section: bypass profiles, re-applying one after disarm, the pace of keys.
@Suite struct BypassConfigTests {
    private func parse(_ envisalinkd: String) throws(ConfigError) -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: "envisalinkd:\n" + envisalinkd, path: nil, environment: [:])
    }

    @Test func defaultsAreNoProfilesNothingReappliedAndTwoSeconds() throws {
        let bypass = try #require(try parse("  host: 127.0.0.1\n").envisalink?.bypass)
        #expect(bypass == BypassConfig())
        #expect(bypass.profiles.isEmpty && bypass.reapplyAfterDisarm == nil && bypass.keypressGap == .seconds(2))
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse(
            """
              zones: {"005": Upstairs motion, "006": Hall motion, "012": Garage}
              bypass:
                profiles: {night: [5, 6], garage-open: ["012"]}
                reapply_after_disarm: night
                keypress_gap: 1.5
            """)
        let bypass = try #require(config.envisalink?.bypass)
        #expect(config.warnings.isEmpty)
        #expect(bypass.profiles == ["night": [5, 6], "garage-open": [12]])
        #expect(bypass.reapplyAfterDisarm == "night")
        #expect(bypass.keypressGap == .milliseconds(1500))
        #expect(try parse("  bypass: {profiles: {a: [1]}, reapply_after_disarm: false}\n").envisalink?.bypass.reapplyAfterDisarm == nil)
    }

    @Test func theExamplesCommentedSectionIsValidWhenEnabled() throws {
        let lines = try String(contentsOfFile: ExampleConfig.path, encoding: .utf8).split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "  # bypass:"))
        let section = lines[start...].prefix { $0.hasPrefix("  #") && !$0.hasPrefix("  # The TPI proxy") }.map { "  " + $0.dropFirst(4) }
        let config = try parse(#"  zones: {"002": Hall PIR}"# + "\n" + section.joined(separator: "\n") + "\n")
        let bypass = try #require(config.envisalink?.bypass)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(bypass.profiles == ["night": [2]] && bypass.reapplyAfterDisarm == "night" && bypass.keypressGap == .seconds(2))
    }

    @Test func anUnknownKeyIsAWarningNamingIt() throws {
        let warnings = try parse("  bypass: {gap: 2}\n").warnings
        #expect(warnings.count == 1 && warnings.first?.contains("envisalinkd.bypass.gap") == true, "\(warnings)")
    }

    @Test("refusals naming the key", arguments: [
        ("  bypass: {profiles: {night: []}}\n", "envisalinkd.bypass.profiles.night", "empty"),
        ("  bypass: {profiles: {night: [5, 65]}}\n", "envisalinkd.bypass.profiles.night[1]", "from 1 to 64"),
        ("  bypass: {profiles: {night: [5, 5]}}\n", "envisalinkd.bypass.profiles.night[1]", "duplicate"),
        ("  bypass: {profiles: {\"night time\": [5]}}\n", "envisalinkd.bypass.profiles.night time", "letters, digits"),
        ("  zones: {\"001\": Door}\n  bypass: {profiles: {night: [2]}}\n", "envisalinkd.bypass.profiles.night[0]", "zone 2 is not one of envisalinkd.zones"),
        ("  bypass: {profiles: {night: [5]}, reapply_after_disarm: day}\n", "envisalinkd.bypass.reapply_after_disarm", "name of a profile"),
        ("  bypass: {reapply_after_disarm: true}\n", "envisalinkd.bypass.reapply_after_disarm", "false or the name"),
        ("  bypass: {keypress_gap: 0}\n", "envisalinkd.bypass.keypress_gap", "0.1 to 10"),
        ("  bypass: {keypress_gap: 2s}\n", "envisalinkd.bypass.keypress_gap", "number of seconds"),
    ])
    func refusals(envisalinkd: String, keyPath: String, reason: String) {
        let error: ConfigError?
        do throws(ConfigError) {
            _ = try parse(envisalinkd)
            error = nil
        } catch let refusal {
            error = refusal
        }
        #expect(error?.keyPath == keyPath, "\(error.map(String.init(describing:)) ?? "accepted")")
        #expect(error?.reason.contains(reason) == true, "\(error.map(String.init(describing:)) ?? "accepted")")
    }
}
