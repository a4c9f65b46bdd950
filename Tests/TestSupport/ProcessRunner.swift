#if canImport(Glibc)
import Glibc
#endif
public import Foundation

/// Runs executables for tests: to completion with a timeout (``run(_:arguments:environment:standardInput:timeout:)``)
/// or in the background (``start(_:arguments:environment:standardInput:)``).
///
/// Children inherit this process's environment plus `environment`; their stdout and stderr are
/// captured (never printed), read concurrently so large output cannot deadlock.
public enum ProcessRunner {
    /// Runs `executable` (a path, or a name looked up on `PATH`) and returns how it ended and
    /// everything it wrote. After `timeout` the child is killed with `SIGKILL` and
    /// ``TestSupportError/Code/timedOut`` is thrown with the output so far.
    public static func run(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Data? = nil,
        timeout: Duration = .seconds(30)
    ) async throws(TestSupportError) -> ProcessResult {
        let child = try start(executable, arguments: arguments, environment: environment, standardInput: standardInput)
        do {
            return try await child.waitForResult(timeout: timeout)
        } catch {
            child.kill()
            _ = try? await child.waitForExit(timeout: .seconds(5))
            throw TestSupportError(.timedOut, "`\(child.commandLine)` did not finish within \(timeout); killed it\n\(child.report)")
        }
    }

    /// Starts `executable` (a path, or a name looked up on `PATH`) in the background. With
    /// `standardInput` the child reads those bytes then end of file; without, it reads `/dev/null`.
    public static func start(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardInput: Data? = nil
    ) throws(TestSupportError) -> ChildProcess {
        let fullEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        guard let path = Posix.resolveExecutable(executable, searchPath: fullEnvironment["PATH"] ?? "/usr/bin:/bin") else {
            throw TestSupportError(.notFound, "cannot run `\(executable)`: no such executable")
        }
        let spawned = try ProcessSpawner.spawn(
            executable: path, arguments: arguments, environment: fullEnvironment, withInput: standardInput != nil
        )
        let commandLine = ([path] + arguments).joined(separator: " ")
        return ChildProcess(spawned, commandLine: commandLine, input: standardInput.map { Array($0) } ?? [])
    }
}
