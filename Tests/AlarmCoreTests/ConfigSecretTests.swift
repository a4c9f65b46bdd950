import AlarmCore
import Foundation
import Testing

@Suite struct ConfigSecretTests {
    private func envisalink(_ yaml: String, path: String? = nil, environment: [String: String] = [:]) throws
        -> EnvisalinkConfig
    {
        let config = try HowAlarmingConfig.parse(yaml: yaml, path: path, environment: environment)
        return try #require(config.envisalink)
    }

    @Test func plainKey() throws {
        let config = try envisalink("envisalinkd: {password: hunter2, code_master: 9999}")
        #expect(config.password == Secret("hunter2"))
        #expect(config.codeMaster?.value == "9999")
    }

    @Test func fileKeyReadsTheFileWithoutTrailingWhitespace() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let file = try directory.write("password", "hunter2 x\n")
        try directory.write("code", "  0042\r\n\t\n")
        let config = try envisalink(
            "envisalinkd: {password_file: \(file), code_master_file: code}", path: "\(directory.path)/config.yaml")
        #expect(config.password?.value == "hunter2 x")
        #expect(config.codeMaster?.value == "  0042")
    }

    @Test func environmentOverridesKeyAndFile() throws {
        let environment = [
            "HOWALARMING_ENVISALINKD_PASSWORD": "from-env",
            "HOWALARMING_ENVISALINKD_CODE_MASTER": "7777",
        ]
        let config = try envisalink(
            "envisalink: {password: from-file, code_master_file: /nonexistent/code}", environment: environment)
        #expect(config.password?.value == "from-env")
        #expect(config.codeMaster?.value == "7777")
        let unset = try envisalink("envisalinkd: {password: p}", environment: ["HOWALARMING_ENVISALINKD_PASSWORD": ""])
        #expect(unset.password?.value == "p")
    }

    @Test func keyAndFileTogetherIsAnError() {
        let error = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {password: hunter2, password_file: /tmp/pw}")
        }
        #expect(error?.keyPath == "envisalinkd.password")
        #expect(error?.reason == "set either password or password_file, not both")
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test func missingFileNamesKeyAndPath() throws {
        let error = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {password_file: /nonexistent/howalarming/pw}")
        }
        #expect(error?.keyPath == "envisalinkd.password_file")
        #expect(error?.reason == #"cannot read "/nonexistent/howalarming/pw": no such file"#)
    }

    @Test func unreadableFileErrorNeverShowsTheContents() throws {
        let directory = try ConfigTestDirectory()
        defer { directory.remove() }
        let file = "\(directory.path)/pw"
        try Data("hunter2".utf8 + [0xFF, 0xFE]).write(to: URL(fileURLWithPath: file))
        let error = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {password_file: \(file)}")
        }
        #expect(error?.keyPath == "envisalinkd.password_file")
        #expect(error?.description.contains(file) == true)
        #expect(error?.description.contains("hunter2") == false)
        let directoryError = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {code_master_file: \(directory.path)}")
        }
        #expect(directoryError?.reason.contains("could not be read") == true)
        try directory.write("empty", "\n\n")
        let emptyError = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {password_file: empty}", path: "\(directory.path)/config.yaml")
        }
        #expect(emptyError?.reason.hasSuffix("is empty") == true)
    }

    @Test func wrongTypeNeverEchoesTheSecret() {
        let error = #expect(throws: ConfigError.self) {
            try envisalink("envisalinkd: {password: [hunter2]}")
        }
        #expect(error?.keyPath == "envisalinkd.password")
        #expect(error?.reason == "must be a single value (the secret itself), got a list")
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test func requireExplainsHowToSetTheSecret() {
        let config = EnvisalinkConfig()
        let password = #expect(throws: ConfigError.self) { try config.requirePassword() }
        #expect(
            password?.description
                == "envisalinkd.password: is required: set password, password_file or HOWALARMING_ENVISALINKD_PASSWORD")
        let code = #expect(throws: ConfigError.self) { try config.requireCodeMaster() }
        #expect(code?.keyPath == "envisalinkd.code_master")
        #expect(code?.reason.contains("HOWALARMING_ENVISALINKD_CODE_MASTER") == true)
    }

    @Test func secretNeverShowsInDescriptionsOrDumps() throws {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(Mirror(reflecting: secret).children.isEmpty)

        let config = try HowAlarmingConfig.parse(
            yaml: "envisalinkd: {password: hunter2, code_master: 31337}", path: nil, environment: [:])
        var dumpedConfig = ""
        dump(config, to: &dumpedConfig)
        for text in ["\(config)", String(reflecting: config), dumpedConfig] {
            #expect(!text.contains("hunter2") && !text.contains("31337"))
            #expect(text.contains("<redacted>"))
        }
    }
}

/// The APNs signing key as text (`push.apns.key` or `HOWALARMING_PUSH_APNS_KEY`) instead of a file.
@Suite struct APNSInlineKeyTests {
    static let identity = "key_id: ABCDEFGHIJ, team_id: ABCDEFGHIJ, topic: t"

    private func authentication(_ apns: String, environment: [String: String] = [:]) throws -> APNSAuthentication? {
        try HowAlarmingConfig.parse(yaml: "push: {apns: {\(apns)}}", path: nil, environment: environment)
            .push.apns?.authentication
    }

    @Test func keyTextIsAnInlineSecret() throws {
        let pem = "-----BEGIN PRIVATE KEY-----\\nMIGT\\n-----END PRIVATE KEY-----"
        let key = try authentication("key: \"\(pem)\", \(Self.identity)")
        #expect(key == .token(key: .inline(Secret("-----BEGIN PRIVATE KEY-----\nMIGT\n-----END PRIVATE KEY-----")),
                              keyID: "ABCDEFGHIJ", teamID: "ABCDEFGHIJ"))
        #expect(APNSKeySource.inline(Secret("x")).keyPath == "push.apns.key")
        #expect(!"\(String(describing: key))".contains("MIGT"))
    }

    @Test func environmentVariableGivesTheKeyWithoutAnyKeyInTheFile() throws {
        let key = try authentication(Self.identity, environment: ["HOWALARMING_PUSH_APNS_KEY": "pem text"])
        #expect(key == .token(key: .inline(Secret("pem text")), keyID: "ABCDEFGHIJ", teamID: "ABCDEFGHIJ"))
    }

    @Test func keyAndKeyFileTogetherAreAnError() {
        let error = #expect(throws: ConfigError.self) { try authentication("key: a, key_file: k.p8, \(Self.identity)") }
        #expect(error?.keyPath == "push.apns.key")
        #expect(error?.reason == "set either key or key_file, not both")
    }

    @Test func neitherIsAnErrorNamingKeyFile() {
        let error = #expect(throws: ConfigError.self) { try authentication(Self.identity) }
        #expect(error?.keyPath == "push.apns.key_file")
        #expect(error?.reason == "is required")
    }

    @Test func secretsMatchOnlyTheSameText() {
        #expect(Secret("572913").matches(Secret("572913")))
        #expect(!Secret("572913").matches(Secret("572914")))
        #expect(!Secret("5729").matches(Secret("572913")), "a prefix is not the code")
        #expect(!Secret("572913").matches(Secret("5729130")))
        #expect(!Secret("").matches(Secret("0")))
        #expect(Secret("").matches(Secret("")))
    }
}
