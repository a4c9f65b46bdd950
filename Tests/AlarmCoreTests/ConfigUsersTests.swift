import AlarmCore
import Testing

/// `envisalinkd.users` (names, never codes) and `envisalinkd.exit_delay`.
@Suite struct ConfigUsersTests {
    private func parse(_ section: String) throws(ConfigError) -> EnvisalinkConfig? {
        try HowAlarmingConfig.parse(yaml: "envisalinkd:\n" + section, path: "config.yaml", environment: [:]).envisalink
    }

    private func error(_ section: String) -> ConfigError? {
        do throws(ConfigError) {
            _ = try parse(section)
            return nil
        } catch {
            return error
        }
    }

    @Test func usersAreNamedByNumber() throws {
        let config = try #require(try parse("  users: {\"40\": Anna, 1: Master, \"0007\": Bob}\n  exit_delay: 45\n"))
        #expect(config.users == [40: "Anna", 1: "Master", 7: "Bob"])
        #expect(config.exitDelay == 45)
        #expect(try parse("  host: panel\n")?.users == [:])
        #expect(try parse("  host: panel\n")?.exitDelay == 120)
    }

    @Test(arguments: [
        ("  users: {\"0\": Nobody}\n", "envisalinkd.users.0", "from 1 to 9999"),
        ("  users: {\"10000\": Anna}\n", "envisalinkd.users.10000", "from 1 to 9999"),
        ("  users: {\"40\": Anna, \"040\": Other}\n", "envisalinkd.users.040", "already named"),
        ("  users: {\"40\": [Anna]}\n", "envisalinkd.users.40", "the user's name"),
        ("  users: {\"40\": \"\"}\n", "envisalinkd.users.40", "must not be empty"),
        ("  users: [Anna]\n", "envisalinkd.users", "mapping"),
        ("  exit_delay: 0\n", "envisalinkd.exit_delay", "from 1 to 255"),
        ("  exit_delay: 256\n", "envisalinkd.exit_delay", "from 1 to 255"),
    ])
    func aBadEntryStopsStartUpNamingTheKey(section: String, keyPath: String, reason: String) {
        let error = error(section)
        #expect(error?.keyPath == keyPath, "\(String(describing: error))")
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func anAccessCodeInPlaceOfANameIsRefusedWithoutRepeatingIt() {
        let error = error("  users: {\"40\": \"482913\"}\n")
        let repeated = error.map { "\($0)".contains("482913") }
        #expect(error?.keyPath == "envisalinkd.users.40")
        #expect(error?.reason.contains("access codes never go") == true)
        #expect(repeated == false, "the error repeats the value")
    }
}
