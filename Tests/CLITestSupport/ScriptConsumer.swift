#if canImport(Glibc)
import Glibc
#endif
import Foundation
package import TestSupport

extension CLI {
    /// The tube script consumers read in these tests.
    package static let scriptTube = "scripts"

    /// The arguments of `howalarming consume` with this configuration, the options, then `--exec` and `program`.
    package func consumeArguments(tube: String, options: [String], program: [String]) -> [String] {
        ["consume", "--config", configPath, "--tube", tube] + options + ["--exec"] + program
    }

    /// Starts `howalarming consume --config FILE --tube TUBE OPTIONS --exec PROGRAM…`, with
    /// `environment` added to the test's (it carries the program's settings).
    package func startConsume(
        tube: String = CLI.scriptTube, _ options: [String] = [], exec program: [String], environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try ProcessRunner.start(
            try Executables.path("howalarming"), arguments: consumeArguments(tube: tube, options: options, program: program),
            environment: CLI.environment.merging(environment) { $1 })
    }

    /// Runs `howalarming consume …` to completion: for what ends it at start-up.
    package func runConsume(tube: String = CLI.scriptTube, _ options: [String] = [], exec program: [String]) async throws -> ProcessResult {
        try await Self.runUnconfigured(consumeArguments(tube: tube, options: options, program: program))
    }
}

extension ChildProcess {
    /// Sends SIGTERM and returns the result once the process has exited.
    package func stop(timeout: Duration = .seconds(30)) async throws -> ProcessResult {
        signal(SIGTERM)
        return try await waitForResult(timeout: timeout)
    }

    /// Waits until `condition` holds (what the consumer should bring about), then sends SIGTERM
    /// and returns the result. When `condition` does not hold within `timeout`, stops the
    /// consumer all the same and throws an error that carries its output.
    ///
    /// `condition` may block (a raw beanstalkd query, a file read): it runs on a dispatch
    /// queue, so that polling it does not hold up the two threads of the Swift concurrency
    /// pool that every test shares.
    package func stop(
        once description: String, timeout: Duration = .seconds(20), isolation: isolated (any Actor)? = #isolation,
        _ condition: @escaping @Sendable () throws -> Bool
    ) async throws -> ProcessResult {
        do {
            try await waitUntil(description, timeout: timeout) { try await offTheConcurrencyPool(condition) }
        } catch {
            let output = (try? await stop()).map(String.init(describing:)) ?? "(still running)"
            throw TestSupportError(.timedOut, "\(error)\n\(commandLine)\n\(output)")
        }
        return try await stop()
    }

    /// What it has written to standard error so far, as text.
    package var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// `/bin/sh -c SCRIPT`: a program for `--exec`.
package func shell(_ script: String) -> [String] {
    ["/bin/sh", "-c", script]
}

/// The contents of the file at `path`, or `nil` when there is none.
package func contents(of path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
}

/// The result of blocking `work`, run on a global dispatch queue rather than a thread of the
/// Swift concurrency pool.
func offTheConcurrencyPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Swift.Result { try work() }) }
    }
}
