import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The envisalink-simulator executable")
struct ExecutableTests {
    private static func executable() throws -> String {
        try Executables.path("envisalink-simulator")
    }

    @Test func helpDocumentsEveryOptionAndControlCommand() async throws {
        let result = try await ProcessRunner.run(try Self.executable(), arguments: ["--help"])
        #expect(result.status == .exited(0), "\(result)")
        let options = ["--host", "--port", "--allow-remote", "--password", "--master-code", "--user-code", "--zone ",
                       "--zones", "--interior", "--partitions", "--exit-delay", "--entry-delay", "--login-timeout",
                       "--code-required", "--code-window", "--control-port", "--split-pause", "--log-level",
                       "--no-stdin-control"]
        let commands = ["open ZONE", "close ZONE", "alarm ZONE", "trouble ac|battery on|off", "send CODE[DATA]",
                        "send-bad-checksum", "split", "drop", "stall on|off", "clock [YYYY-MM-DD HH:MM]", "status", "help"]
        for word in options + commands {
            #expect(result.stdout.contains(word), "no \(word) in --help")
        }
    }

    @Test func refusesANonLoopbackAddressWithoutAllowRemote() async throws {
        let result = try await ProcessRunner.run(try Self.executable(), arguments: ["--host", "0.0.0.0"])
        #expect(result.status == .exited(64), "\(result)")
        #expect(result.stderr.contains("--allow-remote"), "\(result)")
    }

    @Test func printsItsPortsServesTPIAndStdinAndStopsOnSIGTERM() async throws {
        let child = try ProcessRunner.start(
            try Self.executable(),
            arguments: ["--port", "0", "--control-port", "0", "--zone", "1=Front door", "--zone", "2=Back door",
                        "--password", "p4ss", "--log-level", "debug"],
            standardInput: Data("open 2\nstatus\n".utf8))
        defer { child.kill() }
        let listening = try await child.awaitLine(containing: "tpi listening on 127.0.0.1:")
        let port = try #require(Int(listening.split(separator: ":").last ?? ""))
        _ = try await child.awaitLine(containing: "control listening on 127.0.0.1:")
        #expect(try await child.awaitLine(containing: "ok zone 2") == "ok zone 2 open")
        let status = try await child.awaitLine(containing: "ok partition")
        #expect(status.hasPrefix("ok partition 1 disarmed, not ready; zones open: 2;"), "\(status)")

        // End of standard input does not stop it: a client still gets served.
        let client = try await RawTPIClient.connect(port: port)
        try await client.login(password: "p4ss")
        try await client.send("001")
        try await client.expect(["500001", "610001", "609002", "6511", "8411", "51080"])

        child.signal(SIGTERM)
        #expect(try await child.waitForExit() == .exited(0))
        try await client.expectClosed()
        #expect(!String(decoding: child.standardError, as: UTF8.self).contains("p4ss"))
    }
}
