import Foundation
import Testing
import CLITestSupport
import TestSupport

/// Errors end with status 1 (64 for usage) and one line on stderr that says what is wrong.
@Suite struct ErrorTests {
    @Test(arguments: [
        ["tail", "--count", "1", "--timeout", "5"], ["send", "status"], ["simulate", "info"],
        ["stats"], ["stats", "cli"], ["peek", "cli"], ["kick", "cli"],
    ])
    func unreachableBeanstalkdIsOneLineNamingIt(arguments: [String]) async throws {
        try await withTemporaryDirectory { directory in
            let closed = try ClosedPort()
            let path = directory.appending("config.yaml")
            try "beanstalkd: {host: 127.0.0.1, port: \(closed.port)}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try await CLI.runUnconfigured(arguments + ["--config", path])
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.stderr.contains("cannot reach beanstalkd at 127.0.0.1:\(closed.port)"), "\(result)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func badConfigValueNamesItsKey() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("config.yaml")
            try "beanstalkd: {port: eleven}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try await CLI.runUnconfigured(["stats", "--config", path])
            #expect(result.status == .exited(1) || result.status == .exited(64), "\(result)")
            #expect(result.errorLines.count == 1 && result.stderr.contains("beanstalkd.port"), "\(result)")
        }
    }

    @Test func missingConfigFileIsNamed() async throws {
        let result = try await CLI.runUnconfigured(["stats", "--config", "/nonexistent/howalarming.yaml"])
        #expect(result.status == .exited(1), "\(result)")
        #expect(result.errorLines.count == 1 && result.stderr.contains("/nonexistent/howalarming.yaml"), "\(result)")
    }

    @Test func tailTimesOutOnAnEmptyTube() async throws {
        try await withCLI { cli in
            let started = ContinuousClock.now
            let result = try await cli.run("tail", "--count", "1", "--timeout", "1")
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.count == 1 && result.stderr.contains("timed out"), "\(result)")
            // Tells a timeout that fired from a hang; not how punctual it is (the CLI's start-up
            // on a loaded CI machine took 10 s once).
            #expect(ContinuousClock.now - started < .seconds(60))
        }
    }

    @Test func eventOverMaxJobSizeIsRefusedAndNothingIsQueued() async throws {
        try await withCLI { cli in
            let result = try await cli.run("simulate", "alarm", "--message", String(repeating: "x", count: 70_000))
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.count == 1 && result.stderr.contains("max-job-size"), "\(result)")
            for tube in CLI.eventTubes {
                #expect(try cli.queue.count("total-jobs", in: tube) == 0, "tube \(tube)")
            }
        }
    }
}
