import CLITestSupport
import Testing
import TestSupport

/// `--help` and `--version` need no beanstalkd and no configuration.
@Suite struct HelpTests {
    static let sharedOptions = ["--config", "--host", "--port", "--verbose"]

    @Test func rootHelpListsEverySubcommand() async throws {
        let result = try await CLI.runUnconfigured(["--help"])
        #expect(result.status == .exited(0), "\(result)")
        for subcommand in ["tail", "send", "simulate", "stats", "peek", "kick", "delete", "consume"] {
            #expect(result.stdout.contains("  \(subcommand) "), "no \(subcommand) in\n\(result.stdout)")
        }
        #expect(result.stdout.contains("--version"))
    }

    @Test(arguments: [
        ("tail", ["--tube", "--json", "--count", "--timeout"]),
        ("send", ["<command>", "--partition", "--json"]),
        ("simulate", ["<type>", "--message", "--zone", "--partition", "--code"]),
        ("stats", ["<tube>"]),
        ("peek", ["<tube>", "--buried", "--delayed"]),
        ("kick", ["<tube>", "<count>"]),
        ("delete", ["<ids>"]),
        ("consume", ["--tube", "--exec", "--timeout", "--kill-after", "--bury-exit-code", "--max-attempts"]),
    ])
    func subcommandHelpMentionsItsOptions(subcommand: String, options: [String]) async throws {
        let result = try await CLI.runUnconfigured([subcommand, "--help"])
        #expect(result.status == .exited(0), "\(result)")
        #expect(result.stdout.contains("USAGE: howalarming \(subcommand)"), "\(result.stdout)")
        for option in options + Self.sharedOptions {
            #expect(result.stdout.contains(option), "no \(option) in \(subcommand) --help:\n\(result.stdout)")
        }
    }

    @Test func tailHelpSaysHowSignalsEndIt() async throws {
        let result = try await CLI.runUnconfigured(["tail", "--help"])
        #expect(result.stdout.contains("SIGINT") && result.stdout.contains("SIGTERM"), "\(result.stdout)")
    }

    @Test func consumeHelpExplainsExitStatusesEnvironmentAndSignals() async throws {
        let result = try await CLI.runUnconfigured(["consume", "--help"])
        for text in ["0 deletes", "bury exit code", "SIGTERM", "SIGKILL", "HOWALARMING_EVENT_TYPE", "HOWALARMING_ATTEMPT",
                     "HOWALARMING_JOB_ID", "beanstalkd.tubes.events", "KillMode=mixed"] {
            #expect(result.stdout.contains(text), "no \(text) in consume --help:\n\(result.stdout)")
        }
    }

    @Test func versionIsOneSemanticVersionLine() async throws {
        let result = try await CLI.runUnconfigured(["--version"])
        #expect(result.status == .exited(0), "\(result)")
        #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
    }
}
