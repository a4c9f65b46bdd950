import CommandAPITestSupport
import Foundation
import TerminalQR
import TestSupport
import Testing

/// `howalarming-command tokens …`, run as the built executable against the database a running API
/// uses.
@Suite("tokens command line")
struct TokensCLITests {
    private func tokens(_ arguments: [String], database: String) async throws -> ProcessResult {
        try await ProcessRunner.run(
            try Executables.path("howalarming-command"), arguments: ["tokens"] + arguments + ["--database", database])
    }

    @Test func createPrintsTheTokenOnceAloneOnTheLastLineAndItWorksUntilRevoked() async throws {
        try await APIStage.run { stage in
            let created = try await tokens(["create", "--name", "anna-phone", "--scope", "control"], database: stage.databasePath)
            #expect(created.status == .exited(0), "\(created.stderr)")
            let lines = created.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.last == "", "stdout ends with a newline")
            let token = String(try #require(lines.dropLast().last))
            #expect(token.wholeMatch(of: /hal_[A-Za-z0-9_-]{43}/) != nil, "not a token: \(token.count) characters")
            #expect(created.stdout.components(separatedBy: token).count == 2, "the token is printed once")
            #expect(!created.stderr.contains(token))

            let list = try await tokens(["list"], database: stage.databasePath)
            #expect(list.status == .exited(0), "\(list)")
            #expect(list.stdout.hasPrefix("anna-phone\tcontrol\t"), "\(list)")
            #expect(list.stdout.hasSuffix("\tnever\n"), "\(list)")
            #expect(!list.stdout.contains(token) && !list.stdout.contains("hal_"))

            #expect(try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"arm"}"#).status == 202)
            let used = try await tokens(["list"], database: stage.databasePath)
            #expect(!used.stdout.contains("never"), "\(used)")

            let revoked = try await tokens(["revoke", "anna-phone"], database: stage.databasePath)
            #expect(revoked.status == .exited(0), "\(revoked)")
            #expect(revoked.stdout == "revoked anna-phone\n")
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 401)
            #expect(try await tokens(["list"], database: stage.databasePath).stdout.isEmpty)
        }
    }

    @Test func mistakesAreReportedWithTheReason() async throws {
        try await withTemporaryDirectory { directory in
            let database = directory.appending("command.sqlite")
            #expect(try await tokens(["create", "--name", "kiosk", "--scope", "read"], database: database).status == .exited(0))
            let cases: [([String], TestSupport.ExitStatus, String)] = [
                (["create", "--name", "kiosk", "--scope", "read"], .exited(1), "a token named kiosk exists"),
                (["create", "--name", "two words", "--scope", "read"], .exited(1), "a token name is 1 to 64 characters"),
                (["create", "--name", "x", "--scope", "admin"], .exited(64), "--scope"),
                (["revoke", "ghost"], .exited(1), "no token named ghost"),
            ]
            for (arguments, status, message) in cases {
                let result = try await tokens(arguments, database: database)
                #expect(result.status == status, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(!result.stdout.contains("hal_"))
            }
        }
    }

    @Test func createWithQRPrintsTheConsoleAddressWithTheTokenAsAQRCode() async throws {
        try await withTemporaryDirectory { directory in
            let database = directory.appending("command.sqlite")
            let created = try await tokens(
                ["create", "--name", "anna-phone", "--scope", "read", "--qr", "--console-url", "https://alarm.example:8443/"],
                database: database)
            #expect(created.status == .exited(0), "\(created.stderr)")
            let lines = created.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let token = String(try #require(lines.dropLast().last))
            #expect(token.hasPrefix("hal_"))
            let code = try QRCode(bytes: Array("https://alarm.example:8443/#token=\(token)".utf8))
            #expect(created.stdout.hasPrefix(code.terminalRendering()), "\(created.stdout)")
            #expect(created.stdout.components(separatedBy: token).count == 2, "the token is printed once, as text")
            #expect(!created.stderr.contains(token))
        }
    }

    @Test func theQRCodeNeedsAConsoleAddressThatCanCarryTheToken() async throws {
        try await withTemporaryDirectory { directory in
            let database = directory.appending("command.sqlite")
            let cases: [([String], String)] = [
                (["--qr"], "--qr needs --console-url"),
                (["--console-url", "https://alarm.example/"], "--console-url is for --qr"),
                (["--qr", "--console-url", "alarm.example"], "starts with https://"),
                (["--qr", "--console-url", "https://alarm.example/#x"], "no fragment"),
                (["--qr", "--console-url", "https:///"], "names a host"),
            ]
            for (arguments, message) in cases {
                let result = try await tokens(["create", "--name", "x", "--scope", "read"] + arguments, database: database)
                #expect(result.status == .exited(64), "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(!result.stdout.contains("hal_"))
            }
        }
    }

    @Test(arguments: [
        (["--help"], ["run (default)", "tokens", "docs/openapi.yaml"]),
        (["run", "--help"], ["--config", "--log-level", "SIGTERM", "command.listen"]),
        (["tokens", "--help"], ["create", "list", "revoke", "read", "control"]),
        (["tokens", "create", "--help"], ["--name", "--scope", "--database", "last line", "--qr", "--console-url"]),
        (["tokens", "list", "--help"], ["Columns", "last used", "--database"]),
        (["tokens", "revoke", "--help"], ["<name>", "--database"]),
    ])
    func everyCommandExplainsItself(arguments: [String], mentions: [String]) async throws {
        let result = try await ProcessRunner.run(try Executables.path("howalarming-command"), arguments: arguments)
        #expect(result.status == .exited(0), "\(result)")
        for text in mentions {
            #expect(result.stdout.contains(text), "\(arguments): no \(text) in\n\(result.stdout)")
        }
    }
}
