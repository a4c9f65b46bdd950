#if canImport(Glibc)
import Glibc
#endif
public import Foundation

/// A running child process whose stdout and stderr are captured as they arrive.
///
/// Start one with ``ProcessRunner/start(_:arguments:environment:standardInput:)``. Read its
/// stdout line by line with ``awaitLine(timeout:where:)``, signal it, and wait for it with
/// ``waitForExit(timeout:)`` or ``waitForResult(timeout:)``. A child still running when the
/// value is released is killed with `SIGKILL`.
public final class ChildProcess: Sendable {
    /// The process id (valid until the child has been waited for).
    public let pid: Int32
    /// The command as started, for messages: the executable path then the arguments.
    public let commandLine: String

    private let output: WatchedState<ChildOutput>

    init(_ spawned: ProcessSpawner.Spawned, commandLine: String, input: [UInt8]) {
        pid = spawned.pid
        self.commandLine = commandLine
        let output = WatchedState(ChildOutput())
        self.output = output
        ChildProcess.startThreads(for: spawned, input: input, output: output)
    }

    deinit {
        kill()
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool { output.current.exitStatus == nil }
    /// How the child ended, or `nil` while it runs.
    public var exitStatus: ExitStatus? { output.current.exitStatus }
    /// Everything read from stdout so far.
    public var standardOutput: Data { Data(output.current.standardOutput) }
    /// Everything read from stderr so far.
    public var standardError: Data { Data(output.current.standardError) }
    /// The complete stdout lines read so far (a last line without a newline counts once stdout closes).
    public var lines: [String] { output.current.lines }

    /// Sends `signal` to the child; does nothing once it has exited (its pid may belong to another process by then).
    public func signal(_ signal: Int32) {
        output.update { state in
            if state.exitStatus == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Sends `SIGKILL`; does nothing once the child has exited.
    public func kill() {
        signal(SIGKILL)
    }

    /// Waits for the next stdout line (after the ones earlier calls returned) for which
    /// `predicate` holds, and returns it. Throws ``TestSupportError/Code/timedOut`` after
    /// `timeout`, or ``TestSupportError/Code/exitedEarly`` if stdout closes first; both errors
    /// include the output so far.
    public func awaitLine(
        timeout: Duration = .seconds(10),
        where predicate: @escaping @Sendable (String) -> Bool
    ) async throws(TestSupportError) -> String {
        enum Outcome: Sendable { case line(Int), closed }
        let outcome = await output.wait(timeout: timeout) { state -> Outcome? in
            if let index = state.lines.indices.dropFirst(state.linesConsumed).first(where: { predicate(state.lines[$0]) }) {
                return .line(index)
            }
            return state.standardOutputClosed ? .closed : nil
        }
        switch outcome {
        case .line(let index):
            return output.update { state in
                state.linesConsumed = max(state.linesConsumed, index + 1)
                return state.lines[index]
            }
        case .closed:
            throw TestSupportError(.exitedEarly, "`\(commandLine)` closed stdout before printing the awaited line\n\(report)")
        case nil:
            throw TestSupportError(.timedOut, "`\(commandLine)` printed no awaited line within \(timeout)\n\(report)")
        }
    }

    /// Waits for the next stdout line that contains `text`; see ``awaitLine(timeout:where:)``.
    public func awaitLine(containing text: String, timeout: Duration = .seconds(10)) async throws(TestSupportError) -> String {
        try await awaitLine(timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the child exits; throws ``TestSupportError/Code/timedOut`` (leaving it running) after `timeout`.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(10)) async throws(TestSupportError) -> ExitStatus {
        guard let status = await output.wait(timeout: timeout, until: \.exitStatus) else {
            throw TestSupportError(.timedOut, "`\(commandLine)` did not exit within \(timeout)\n\(report)")
        }
        return status
    }

    /// Waits until the child has exited and closed its output, and returns everything it wrote;
    /// throws ``TestSupportError/Code/timedOut`` (leaving it running) after `timeout`.
    public func waitForResult(timeout: Duration = .seconds(10)) async throws(TestSupportError) -> ProcessResult {
        let finished = await output.wait(timeout: timeout) { state in state.isFinished ? state : nil }
        guard let finished, let status = finished.exitStatus else {
            throw TestSupportError(.timedOut, "`\(commandLine)` did not finish within \(timeout)\n\(report)")
        }
        return ProcessResult(status: status, standardOutput: Data(finished.standardOutput), standardError: Data(finished.standardError))
    }

    /// The status and output so far, for error messages.
    public var report: String {
        let state = output.current
        let status = state.exitStatus.map(\.description) ?? "still running"
        let stdout = String(decoding: state.standardOutput, as: UTF8.self)
        let stderr = String(decoding: state.standardError, as: UTF8.self)
        return "\(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
}
