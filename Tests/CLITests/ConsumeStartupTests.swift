import Foundation
import Testing
import CLITestSupport
import TestSupport

/// What stops `howalarming consume` before it takes a job.
@Suite(.serialized) struct ConsumeStartupTests {
    @Test(arguments: [("push", "push.tube"), ("log", "log.tube"), ("command", "command.tube"),
                      ("push-registrations", "push.registration_tube"), ("commands", "beanstalkd.tubes.commands"),
                      ("cli", "beanstalkd.tubes.taps")])
    func anotherConsumersTubeIsRefused(tube: String, key: String) async throws {
        try await withCLI { cli in
            let result = try await cli.runConsume(tube: tube, exec: ["/bin/true"])
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.count == 1 && result.stderr.contains(key), "\(result)")
            #expect(try cli.queue.count("total-jobs", in: tube) == 0)
        }
    }

    @Test func aTubeNoEventReachesIsWarnedAbout() async throws {
        try await withCLI(events: ["log"]) { cli in
            let consumer = try cli.startConsume(exec: ["/bin/true"])
            let result = try await consumer.stop(once: "the consumer watches its tube") { try cli.queue.count("current-watching", in: CLI.scriptTube) == 1 }
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.stderr.contains("events are not put on this tube: add it to beanstalkd.tubes.events"), "\(result)")
        }
    }

    /// The command API puts every escalation step on `command.escalation.tube`: a consumer of it
    /// gets events, and adding the tube to beanstalkd.tubes.events would flood it with all of them.
    @Test func theEscalationTubeIsNotWarnedAbout() async throws {
        try await withCLI(events: ["log"]) { cli in
            let consumer = try cli.startConsume(tube: "escalation", exec: ["/bin/true"])
            let result = try await consumer.stop(once: "the consumer watches its tube") {
                try cli.queue.count("current-watching", in: "escalation") == 1
            }
            #expect(result.status == .exited(0), "\(result)")
            #expect(!result.stderr.contains("events are not put on this tube"), "\(result)")
        }
    }

    @Test func unreachableBeanstalkdIsOneLineNamingIt() async throws {
        try await withTemporaryDirectory { directory in
            let closed = try ClosedPort()
            let path = directory.appending("config.yaml")
            try "beanstalkd: {host: 127.0.0.1, port: \(closed.port), tubes: {events: [scripts]}}\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let result = try await CLI.runUnconfigured(["consume", "--config", path, "--tube", "scripts", "--exec", "/bin/true"])
            #expect(result.status == .exited(1), "\(result)")
            #expect(result.errorLines.last?.contains("cannot reach beanstalkd at 127.0.0.1:\(closed.port)") == true, "\(result)")
        }
    }

    @Test(arguments: [
        (["--exec", "no-such-program-anywhere"], "no executable no-such-program-anywhere on PATH"),
        (["--exec", "/nonexistent/program"], "/nonexistent/program is not an executable file"),
        (["--exec", "/tmp"], "/tmp is not an executable file"),
        (["--timeout", "0", "--exec", "/bin/true"], "--timeout"),
        (["--kill-after", "-1", "--exec", "/bin/true"], "--kill-after"),
        (["--bury-exit-code", "0", "--exec", "/bin/true"], "--bury-exit-code"),
        (["--bury-exit-code", "256", "--exec", "/bin/true"], "--bury-exit-code"),
        (["--max-attempts", "0", "--exec", "/bin/true"], "--max-attempts"),
        ([], "--exec"),
    ])
    func badOptionsAreUsageErrors(options: [String], problem: String) async throws {
        let result = try await CLI.runUnconfigured(["consume", "--tube", "scripts"] + options)
        #expect(result.status == .exited(64), "\(result)")
        #expect(result.errorLines.first?.hasPrefix("Error: ") == true && result.stderr.contains(problem), "\(result)")
    }
}
