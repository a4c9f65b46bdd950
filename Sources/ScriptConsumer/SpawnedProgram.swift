#if canImport(Glibc)
import Glibc
#endif
import AlarmCore
import CSpawnActions
import Synchronization

/// A program started with `posix_spawn` in a process group of its own, its standard input,
/// output and error on pipes.
///
/// - A process group of its own: a timeout's signals reach the programs it started too (a shell
///   script's `curl`), and a Ctrl-C meant for the consumer does not interrupt the program: the
///   consumer's graceful shutdown lets it finish.
/// - Default signal dispositions and an empty signal mask, whatever the consumer ignores or blocks.
/// - Only the three pipes are inherited: every other descriptor of the consumer (its beanstalkd
///   connection, say) is closed in the child.
/// - Signals go to the group only until the program has been reaped, so a recycled process id
///   is never signalled.
final class SpawnedProgram: Sendable {
    /// The program's process id, which is also its process group id.
    let pid: pid_t
    /// The consumer's ends of the program's pipes.
    let pipes: ProgramPipes
    /// The write end of ``ProgramPipes/exitNotice``.
    private let exitNotifier: Int32
    private let reaped = Mutex(false)

    private init(pid: pid_t, pipes: ProgramPipes, exitNotifier: Int32) {
        self.pid = pid
        self.pipes = pipes
        self.exitNotifier = exitNotifier
    }

    /// Closes the exit notice's pipe: its ends live as long as the pump and the reaper hold
    /// the program, so neither ever reads or writes a closed (or reused) descriptor.
    deinit {
        close(pipes.exitNotice)
        close(exitNotifier)
    }

    /// Starts `executable` (a path) with `arguments` and exactly `environment`.
    ///
    /// - Throws: ``SpawnError`` with the `errno` text when the pipes cannot be made or the
    ///   program cannot be executed (not found, not executable, not a valid executable).
    static func spawn(executable: String, arguments: [String], environment: [String: String]) throws(SpawnError) -> SpawnedProgram {
        var opened: [Int32] = []
        do throws(SpawnError) {
            let input = try closeOnExecPipe(&opened)
            let output = try closeOnExecPipe(&opened)
            let error = try closeOnExecPipe(&opened)
            let exit = try closeOnExecPipe(&opened)
            let pid = try launch(
                executable: executable, arguments: arguments, environment: environment,
                stdin: input.read, stdout: output.write, stderr: error.write)
            for end in [input.read, output.write, error.write] { close(end) }
            let pipes = ProgramPipes(
                standardInput: input.write, standardOutput: output.read, standardError: error.read, exitNotice: exit.read)
            return SpawnedProgram(pid: pid, pipes: pipes, exitNotifier: exit.write)
        } catch {
            for end in opened { close(end) }
            throw error
        }
    }

    /// Sends `signal` to the program's process group, unless the program has been reaped.
    func signalGroup(_ signal: Int32) {
        reaped.withLock { reaped in
            if !reaped { _ = kill(-pid, signal) }
        }
    }

    /// Blocks until the program exits, reaps it, writes to ``ProgramPipes/exitNotice``, and
    /// returns how it ended. Call it once, off the Swift concurrency pool.
    func waitForExit() -> ScriptTermination {
        // Wait without reaping, then reap under the lock signalGroup takes.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let status = reaped.withLock { reaped in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            return status
        }
        var byte: UInt8 = 1
        _ = write(exitNotifier, &byte, 1)
        return ScriptTermination(waitStatus: status)
    }

    private static func launch(
        executable: String, arguments: [String], environment: [String: String],
        stdin: Int32, stdout: Int32, stderr: Int32
    ) throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (pipeEnd, standard) in [(stdin, STDIN_FILENO), (stdout, STDOUT_FILENO), (stderr, STDERR_FILENO)] {
            posix_spawn_file_actions_adddup2(&actions, pipeEnd, standard)
        }
        // SwiftNIO's sockets, pipes and epoll descriptors are not close-on-exec: close every
        // descriptor but the three in the child, or a program (and whatever it leaves running)
        // would hold the consumer's beanstalkd connection, and its job, after the consumer is gone.
        howalarming_spawn_close_from(&actions, STDERR_FILENO + 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setFreshSignalsAndOwnGroup(&attributes)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(errno: result) }
        return pid
    }

    /// Every signal at its default disposition, none blocked, and a process group of its own.
    private static func setFreshSignalsAndOwnGroup(_ attributes: inout posix_spawnattr_t) {
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigdefault(&attributes, &every)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
    }

    /// A pipe whose ends are close-on-exec (one job at a time spawns, so no other spawn can
    /// inherit them before the flag is set); both ends are added to `opened`.
    private static func closeOnExecPipe(_ opened: inout [Int32]) throws(SpawnError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(errno: errno) }
        opened += ends
        for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
            throw SpawnError(errno: errno)
        }
        return (ends[0], ends[1])
    }
}

/// Why a program could not be started: the text of an `errno` value.
struct SpawnError: Error, CustomStringConvertible {
    let description: String

    init(errno number: Int32) {
        description = String(cString: strerror(number))
    }
}

extension ScriptTermination {
    /// How a process ended, from a `waitpid` status word.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
