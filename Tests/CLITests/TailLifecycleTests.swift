#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import CLITestSupport
import TestSupport

/// A long-running tail: beanstalkd restarts, signals, deadlines, a reader that goes away.
@Suite struct TailLifecycleTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func tailSurvivesABeanstalkdRestartAndEndsPromptlyOnSignal(signal: Int32) async throws {
        try await withCLI(binlogged: true) { cli in
            let tail = try await cli.startTail()
            _ = try #require(try await cli.run("simulate", "alarm", "--message", "before restart").printedID)
            _ = try await tail.awaitLine(containing: "before restart")

            let oldServer = cli.server.pid
            try await cli.server.restart()
            #expect(cli.server.pid != oldServer)
            try await cli.waitUntilTapped()
            _ = try #require(try await cli.run("simulate", "alarm", "--message", "after restart").printedID)
            _ = try await tail.awaitLine(containing: "after restart", timeout: .seconds(20))

            tail.signal(signal)
            let status = try await tail.waitForExit(timeout: .seconds(3))
            let standardError = String(decoding: tail.standardError, as: UTF8.self)
            #expect(status == .signaled(signal), "\(standardError)")
            #expect(!standardError.contains("Error:"), "\(standardError)")
            // A restart between printing and deleting puts the first event back: it is printed twice.
            #expect(tail.lines.filter { $0.contains("after restart") }.count == 1, "\(tail.lines)")
            #expect(tail.lines.allSatisfy { $0.contains("before restart") || $0.contains("after restart") }, "\(tail.lines)")
        }
    }

    @Test func timeoutHoldsWhileBeanstalkdIsDown() async throws {
        try await withCLI { cli in
            let tail = try await cli.startTail("--count", "2", "--timeout", "10")
            _ = try #require(try await cli.run("simulate", "info", "--message", "only one").printedID)
            _ = try await tail.awaitLine(containing: "only one")
            try await cli.server.stop()

            let result = try await tail.waitForResult(timeout: .seconds(20))
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.last?.contains("timed out") == true, "\(result)")
            #expect(result.stderr.contains("1 of 2 events"), "\(result)")
        }
    }

    @Test func tailStopsWithoutDeletingWhenItsReaderIsGone() async throws {
        try await withCLI { cli in
            for _ in 1...2 { try cli.queue.put(PythonInteropTests.readmeSample, in: "cli") }
            let result = try await PythonPeer.find().run(
                script: "run_with_closed_stdout.py",
                arguments: [try Executables.path("howalarming"), "tail", "--count", "2", "--timeout", "5", "--config", cli.configPath],
                environment: CLI.environment)
            #expect(result.lines == ["1"], "\(result)")
            #expect(result.stderr.contains("cannot write to standard output"), "\(result)")
            #expect(try cli.queue.count("cmd-delete", in: "cli") == 0, "tail deleted an event it could not print")
            let left = try cli.queue.count("current-jobs-ready", in: "cli") + cli.queue.count("current-jobs-reserved", in: "cli")
            #expect(left == 2)
        }
    }

    @Test func restartBetweenPrintingAndDeletingPrintsTheEventAgain() async throws {
        try await withCLI(binlogged: true) { cli in
            try cli.queue.put(PythonInteropTests.readmeSample, in: "cli")
            let wrapper = try await PythonPeer.find().start(
                script: "run_with_stalled_stdout.py",
                arguments: [String(cli.server.port), "cli", try Executables.path("howalarming"),
                            "tail", "--json", "--count", "1", "--timeout", "20", "--config", cli.configPath],
                environment: CLI.environment)
            // tail holds the job and is stuck printing it: restart beanstalkd under it.
            _ = try await wrapper.awaitLine(containing: "stalled")
            try await cli.server.restart()
            wrapper.signal(SIGUSR1)

            let result = try await wrapper.waitForResult(timeout: .seconds(30))
            #expect(result.lines == ["stalled", PythonInteropTests.readmeSample, PythonInteropTests.readmeSample, "exit 0"], "\(result)")
            #expect(result.stderr.contains("will be handled again"), "\(result)")
            #expect(try cli.queue.count("current-jobs-ready", in: "cli") == 0)
        }
    }
}
