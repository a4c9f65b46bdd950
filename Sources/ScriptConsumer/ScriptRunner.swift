#if canImport(Glibc)
import Glibc
#endif
import AlarmCore
import Logging
import NIOPosix

/// Runs a script consumer's program for one job: the job body on its standard input, each
/// line it writes logged (standard output at `info`, standard error at `warning`, with
/// `stream` and the job's metadata), and a time limit: when it runs out, SIGTERM goes to the
/// program's process group, then SIGKILL after ``killAfter``.
///
/// Waiting for the exit and serving the pipes block, so they run on ``threads``, a thread pool
/// of the consumer's own (two threads per run), never on the Swift concurrency pool or a NIO
/// event loop. Both always run to the end, also when the caller is cancelled, so every program
/// is reaped and every descriptor closed.
struct ScriptRunner: Sendable {
    /// The program's path.
    let executable: String
    /// The arguments after the program's name.
    let arguments: [String]
    /// How long the program may run.
    let timeout: Duration
    /// How long after SIGTERM a program that is still running gets SIGKILL.
    let killAfter: Duration
    /// Where the blocking work runs; needs two threads per concurrent run.
    let threads: NIOThreadPool

    /// Runs the program once and returns how it ended.
    ///
    /// - Throws: `CancellationError` when the calling task was cancelled while the program ran:
    ///   the program is then killed at once.
    func run(input: [UInt8], environment: [String: String], logger: Logger) async throws -> ScriptTermination {
        let program: SpawnedProgram
        do {
            program = try SpawnedProgram.spawn(executable: executable, arguments: arguments, environment: environment)
        } catch {
            return .failedToStart(error.description)
        }
        logger.debug("program started", metadata: ["pid": "\(program.pid)"])
        async let output: Void = threads.blocking {
            program.pipes.pump(input: input) { stream, line in
                let level: Logger.Level = stream == .standardOutput ? .info : .warning
                logger.log(level: level, "\(line)", metadata: ["stream": "\(stream.rawValue)"])
            }
        }
        let ending = await waitForExit(program, logger: logger)
        await output
        switch ending {
        case let .ended(termination): return termination
        case .timedOut: return .timedOut(after: timeout)
        case .cancelled: throw CancellationError()
        }
    }

    private enum Ending: Sendable {
        case ended(ScriptTermination)
        case timedOut
        case cancelled
    }

    /// Waits for the program to exit, stopping it when its time runs out or the task is cancelled.
    private func waitForExit(_ program: SpawnedProgram, logger: Logger) async -> Ending {
        enum Event: Sendable {
            case exited(ScriptTermination)
            case timeUp
            case graceUp
        }
        return await withTaskGroup(of: Event.self) { group in
            group.addTask { [threads] in .exited(await threads.blocking { program.waitForExit() }) }
            // Cancellation ends these sleeps early, which stops the program at once.
            group.addTask { [timeout] in
                try? await Task.sleep(for: timeout)
                return .timeUp
            }
            var stopped: Ending?
            while let event = await group.next() {
                switch event {
                case let .exited(termination):
                    group.cancelAll()
                    return stopped ?? .ended(termination)
                case .timeUp where Task.isCancelled:
                    logger.warning("consumer cancelled while the program ran: sending SIGKILL")
                    program.signalGroup(SIGKILL)
                    stopped = .cancelled
                case .timeUp:
                    logger.warning("program ran out of time: sending SIGTERM", metadata: ["timeout": "\(timeout)"])
                    program.signalGroup(SIGTERM)
                    stopped = .timedOut
                    group.addTask { [killAfter] in
                        try? await Task.sleep(for: killAfter)
                        return .graceUp
                    }
                case .graceUp:
                    logger.warning("program still running after SIGTERM: sending SIGKILL", metadata: ["kill_after": "\(killAfter)"])
                    program.signalGroup(SIGKILL)
                }
            }
            preconditionFailure("the exit waiter always reports")
        }
    }
}

extension NIOThreadPool {
    /// The result of `body`, run on the pool. Unlike `runIfActive`, the work runs even when the
    /// calling task is cancelled before it starts: it cleans up after a child process.
    func blocking<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            submit { _ in continuation.resume(returning: body()) }
        }
    }
}
