import AlarmCore
import Foundation
import Testing

/// The `command` section: the HTTP API's address, TLS, limits and retention.
@Suite struct CommandConfigTests {
    private func parse(_ yaml: String, path: String? = nil) throws -> HowAlarmingConfig {
        try HowAlarmingConfig.parse(yaml: yaml, path: path, environment: [:])
    }

    private func failure(_ yaml: String) -> ConfigError? {
        do {
            _ = try HowAlarmingConfig.parse(yaml: yaml, path: "config.yaml", environment: [:])
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultsListenOnLoopbackWithoutTLS() {
        let command = CommandConfig()
        #expect(command.listen == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(command.listen.isLoopback)
        #expect(!command.allowNonLoopback)
        #expect(command.tls == nil)
        #expect(command.bodyLimit == 16384)
        #expect(command.authFailureLimit == 10)
        #expect(command.authFailureWindow == 60)
        #expect(command.retentionDays == 365)
    }

    @Test func everyKeyIsRead() throws {
        let config = try parse("""
            command:
              tube: api-events
              listen: 0.0.0.0:8443
              allow_non_loopback: true
              database: /srv/command.sqlite
              tls: {certificate_file: tls/cert.pem, key_file: /keys/key.pem}
              body_limit: 4096
              auth_failure_limit: 3
              auth_failure_window: 600
              retention_days: 30
            """, path: "/etc/howalarming/config.yaml")
        #expect(config.warnings.isEmpty)
        let command = config.command
        #expect(command.tube.rawValue == "api-events")
        #expect(command.listen == ListenAddress(host: "0.0.0.0", port: 8443))
        #expect(command.allowNonLoopback)
        #expect(command.database == "/srv/command.sqlite")
        #expect(command.tls == CommandTLSConfig(certificateFile: "/etc/howalarming/tls/cert.pem", keyFile: "/keys/key.pem"))
        #expect(command.bodyLimit == 4096)
        #expect(command.authFailureLimit == 3)
        #expect(command.authFailureWindow == 600)
        #expect(command.retentionDays == 30)
    }

    @Test(arguments: ["127.0.0.1:80", "127.1.2.3:8080", "localhost:8080", "LOCALHOST:1", "[::1]:8080"])
    func loopbackAddressesNeedNoOptIn(listen: String) throws {
        let config = try parse("command: {listen: '\(listen)'}")
        #expect(config.command.listen.isLoopback)
    }

    @Test(arguments: ["0.0.0.0:8080", "192.168.1.10:8080", "[::]:8080", "alarm.example.org:8080", "127.0.0.1.example.org:80"])
    func otherAddressesAreRefusedWithoutTheOptIn(listen: String) throws {
        let error = try #require(failure("command: {listen: '\(listen)'}"))
        #expect(error.keyPath == "command.listen")
        #expect(error.reason.contains("is not a loopback address"), "\(error)")
        #expect(error.reason.contains("allow_non_loopback"))
        let allowed = try parse("command: {listen: '\(listen)', allow_non_loopback: true}")
        #expect(!allowed.command.listen.isLoopback)
    }

    @Test func theExamplesCommentedTLSIsValidWhenEnabled() throws {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("deploy/config.example.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\n  # tls: {"))
        let config = try parse(text.replacingOccurrences(of: "\n  # tls: {", with: "\n  tls: {"), path: path)
        #expect(config.warnings.isEmpty)
        let directory = String(path.dropLast("config.example.yaml".count))
        #expect(config.command.tls == CommandTLSConfig(certificateFile: directory + "api-cert.pem", keyFile: directory + "api-key.pem"))
    }

    @Test func tlsNeedsBothFiles() throws {
        let missingKey = try #require(failure("command: {tls: {certificate_file: cert.pem}}"))
        #expect(missingKey.description == "config.yaml: command.tls.key_file: is required")
        let missingCertificate = try #require(failure("command: {tls: {key_file: key.pem}}"))
        #expect(missingCertificate.keyPath == "command.tls.certificate_file")
    }

    @Test(arguments: [
        ("body_limit: 1023", "command.body_limit", "from 1024 to 1048576"),
        ("body_limit: 2000000", "command.body_limit", "from 1024 to 1048576"),
        ("auth_failure_limit: 0", "command.auth_failure_limit", "from 1 to 1000"),
        ("auth_failure_window: 100000", "command.auth_failure_window", "from 1 to 86400"),
        ("retention_days: 0", "command.retention_days", "from 1 to 3650"),
        ("allow_non_loopback: maybe", "command.allow_non_loopback", "true or false"),
        ("listen: 8080", "command.listen", "HOST:PORT"),
    ])
    func badValuesNameTheKey(line: String, keyPath: String, reason: String) throws {
        let error = try #require(failure("command:\n  \(line)\n"))
        #expect(error.keyPath == keyPath)
        #expect(error.reason.contains(reason), "\(error)")
    }
}
