import AlarmCore
import Testing

/// The `log` section: the file, its tube, and size-based rotation.
@Suite struct LogConfigTests {
    private func parse(_ yaml: String) throws -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: "config.yaml", environment: [:])
    }

    @Test func rotationIsOffByDefault() throws {
        let log = try parse("log: {file: /srv/events.jsonl}").log
        #expect(log.file == "/srv/events.jsonl")
        #expect(log.tube.rawValue == "log")
        #expect(log.rotateBytes == nil)
        #expect(log.keep == 5)
    }

    @Test func rotationKeys() throws {
        let config = try parse("log: {tube: audit, rotate_bytes: 10485760, keep: 30}")
        #expect(config.warnings.isEmpty)
        #expect(config.log.tube.rawValue == "audit")
        #expect(config.log.rotateBytes == 10_485_760)
        #expect(config.log.keep == 30)
        #expect(try parse("log: {rotate_bytes: ~}").log.rotateBytes == nil)
    }

    @Test(arguments: [
        ("log: {rotate_bytes: 1000}", "log.rotate_bytes", #"must be an integer from 1024 to 1099511627776, got "1000""#),
        ("log: {rotate_bytes: 10M}", "log.rotate_bytes", #"must be an integer from 1024 to 1099511627776, got "10M""#),
        ("log: {keep: 0}", "log.keep", #"must be an integer from 1 to 1000, got "0""#),
        ("log: {keep: [1]}", "log.keep", "must be an integer, got a list"),
        ("log: {file: ''}", "log.file", "must not be empty"),
    ])
    func badValuesNameTheKey(yaml: String, keyPath: String, reason: String) {
        let error = #expect(throws: ConfigError.self) { try parse(yaml) }
        #expect(error?.keyPath == keyPath)
        #expect(error?.reason == reason)
    }

    @Test func aMisspeltKeyIsAWarning() throws {
        let config = try parse("log: {rotate_byte: 2048}")
        #expect(config.warnings.count == 1)
        #expect(config.warnings.first?.hasPrefix("config.yaml: log.rotate_byte: unknown key, ignored") == true)
        #expect(config.log.rotateBytes == nil)
    }
}
