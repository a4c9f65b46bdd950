import Foundation
import TestSupport
import Testing

/// Every executable started with a configuration that is wrong in one place: it must stop at
/// once, with a non-zero status and one error naming the file, the key and the reason, and
/// without quoting a secret. (`ConfigEveryKeyTests` tries every key against the parser.)
@Suite("configuration at start-up")
struct ConfigStartupTests {
    /// A configuration wrong in one place, and the `key: reason` the error must contain.
    struct BadConfig: Sendable, CustomTestStringConvertible {
        let yaml: String
        let says: String
        var testDescription: String { says }
    }

    static let password = "Zq81wPass"

    static let configs: [BadConfig] = [
        BadConfig(yaml: "beanstalkd: {port: eleven}", says: #"beanstalkd.port: must be an integer from 1 to 65535, got "eleven""#),
        BadConfig(yaml: "beanstalkd: {tubes: {events: [log, log]}}", says: "beanstalkd.tubes.events[1]: duplicate of beanstalkd.tubes.events[0]"),
        BadConfig(yaml: "envisalinkd: {password: \(password), poll_interval: 5000}", says: "envisalinkd.poll_interval: must be"),
        BadConfig(yaml: "envisalinkd: {password: [\(password)]}", says: "envisalinkd.password: must be"),
        BadConfig(yaml: "log: {rotate_bytes: 10}", says: "log.rotate_bytes: must be"),
        BadConfig(yaml: "push: {concurrency: 0}", says: "push.concurrency: must be"),
        BadConfig(yaml: "push: {fcm: {endpoint: 'https://example.org'}}", says: "push.fcm.service_account_file: is required"),
        BadConfig(yaml: "command: {listen: 'localhost'}", says: "command.listen: must be HOST:PORT"),
        BadConfig(yaml: "command: {tls: {certificate_file: cert.pem}}", says: "command.tls.key_file: is required"),
        BadConfig(yaml: "beanstalkd:\n  port: 1\n  port: 2\n", says: "duplicate key 'port'"),
    ]

    /// Each executable and the arguments that make it read its configuration and start working.
    static let commands: [(executable: String, arguments: [String])] = [
        ("howalarming-envisalink", []), ("howalarming-log", []), ("howalarming-push", []), ("howalarming-command", []),
        ("howalarming", ["stats"]),
    ]

    @Test(arguments: configs)
    func everyExecutableRefusesToStart(with config: BadConfig) async throws {
        try await withTemporaryDirectory(prefix: "config") { directory in
            let path = directory.appending("config.yaml")
            try (config.yaml + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            for (executable, arguments) in Self.commands {
                let result = try await ProcessRunner.run(
                    try Executables.path(executable), arguments: arguments + ["--config", path],
                    environment: PipelineStage.environment, timeout: .seconds(10))
                let output = result.stdout + result.stderr
                #expect(!result.status.isSuccess, "\(executable) started with \(config.says)")
                #expect(output.contains(path) && output.contains(config.says), "\(executable): \(output)")
                #expect(!output.contains(Self.password), "\(executable) quoted the password")
            }
        }
    }

    @Test func theIntegratorNeedsThePanelPassword() async throws {
        try await withTemporaryDirectory(prefix: "config") { directory in
            let path = directory.appending("config.yaml")
            try "envisalinkd: {code_master: '739164'}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try await ProcessRunner.run(
                try Executables.path("howalarming-envisalink"), arguments: ["--config", path],
                environment: PipelineStage.environment, timeout: .seconds(10))
            let output = result.stdout + result.stderr
            #expect(!result.status.isSuccess && output.contains("envisalinkd.password: is required"), "\(output)")
            #expect(!output.contains("739164"))
        }
    }

    @Test func aMissingOrUnreadableFileIsNamed() async throws {
        try await withTemporaryDirectory(prefix: "config") { directory in
            let unreadable = directory.appending("unreadable.yaml")
            try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: unreadable))
            for path in [directory.appending("missing.yaml"), unreadable] {
                for (executable, arguments) in Self.commands {
                    let result = try await ProcessRunner.run(
                        try Executables.path(executable), arguments: arguments + ["--config", path],
                        environment: PipelineStage.environment, timeout: .seconds(10))
                    #expect(!result.status.isSuccess && (result.stdout + result.stderr).contains(path), "\(executable): \(result)")
                }
            }
        }
    }
}
