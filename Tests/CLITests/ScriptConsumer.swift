#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport

extension CLI {
    /// The tube script consumers read in these tests.
    static let scriptTube = "scripts"

    /// The arguments of `howalarming consume` with this configuration, the options, then `--exec` and `program`.
    func consumeArguments(tube: String, options: [String], program: [String]) -> [String] {
        ["consume", "--config", configPath, "--tube", tube] + options + ["--exec"] + program
    }

    /// Starts `howalarming consume --config FILE --tube TUBE OPTIONS --exec PROGRAM…`, with
    /// `environment` added to the test's (it carries the program's settings).
    func startConsume(
        tube: String = CLI.scriptTube, _ options: [String] = [], exec program: [String], environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try ProcessRunner.start(
            try Executables.path("howalarming"), arguments: consumeArguments(tube: tube, options: options, program: program),
            environment: CLI.environment.merging(environment) { $1 })
    }

    /// Runs `howalarming consume …` to completion: for what ends it at start-up.
    func runConsume(tube: String = CLI.scriptTube, _ options: [String] = [], exec program: [String]) async throws -> ProcessResult {
        try await Self.runUnconfigured(consumeArguments(tube: tube, options: options, program: program))
    }
}

extension ChildProcess {
    /// Sends SIGTERM and returns the result once the process has exited.
    func stop(timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        signal(SIGTERM)
        return try await waitForResult(timeout: timeout)
    }

    /// What it has written to standard error so far, as text.
    var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// `/bin/sh -c SCRIPT`: a program for `--exec`.
func shell(_ script: String) -> [String] {
    ["/bin/sh", "-c", script]
}

/// The contents of the file at `path`, or `nil` when there is none.
func contents(of path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
}
