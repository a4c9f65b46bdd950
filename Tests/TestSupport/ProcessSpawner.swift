#if canImport(Glibc)
import Glibc
#endif
import CSpawnActions
import Synchronization

/// Starts a child with `posix_spawn`, its stdout and stderr on pipes and its stdin on a pipe
/// or `/dev/null`. The child gets default signal dispositions and an empty signal mask, and no
/// other descriptor of the test process.
enum ProcessSpawner {
    /// A freshly spawned child and the parent's ends of its pipes.
    struct Spawned: Sendable {
        let pid: pid_t
        /// The write end of the child's stdin, when input was requested.
        let standardInput: Int32?
        let standardOutput: Int32
        let standardError: Int32
    }

    /// Serializes pipe creation and spawning, so no child inherits another child's pipe end
    /// in the moment before it is marked close-on-exec.
    private static let lock = Mutex(())

    /// Spawns `executable` (an absolute path) with `arguments` and exactly `environment`.
    static func spawn(
        executable: String,
        arguments: [String],
        environment: [String: String],
        withInput: Bool
    ) throws(TestSupportError) -> Spawned {
        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        return try lock.withLock { _ throws(TestSupportError) in
            var opened: [Int32] = []
            do throws(TestSupportError) {
                let input = withInput ? try Posix.closeOnExecPipe() : nil
                if let input { opened += [input.read, input.write] }
                let output = try Posix.closeOnExecPipe()
                opened += [output.read, output.write]
                let error = try Posix.closeOnExecPipe()
                opened += [error.read, error.write]

                let pid = try launch(argv: argv, envp: envp, stdin: input?.read, stdout: output.write, stderr: error.write)
                [input?.read, output.write, error.write].compactMap(\.self).forEach { Posix.close($0) }
                return Spawned(pid: pid, standardInput: input?.write, standardOutput: output.read, standardError: error.read)
            } catch {
                opened.forEach { Posix.close($0) }
                throw error
            }
        }
    }

    private static func launch(
        argv: CStringArray, envp: CStringArray, stdin: Int32?, stdout: Int32, stderr: Int32
    ) throws(TestSupportError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO)
        // The test process's sockets (SwiftNIO's are not close-on-exec) stay out of the child: a
        // child holding a simulated panel's connection would keep it open after the panel closes it.
        howalarming_spawn_close_from(&actions, STDERR_FILENO + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let result = argv.withPointers { argvPointer in
            envp.withPointers { envpPointer in
                posix_spawn(&pid, argv.first, &actions, &attributes, argvPointer, envpPointer)
            }
        }
        guard result == 0 else { throw .systemCall("posix_spawn \(argv.first)", errno: result) }
        return pid
    }
}

/// A `NULL`-terminated array of C strings that lives as long as the value.
private final class CStringArray {
    private let pointers: [UnsafeMutablePointer<CChar>?]
    let first: String

    init(_ strings: [String]) {
        first = strings.first ?? ""
        pointers = strings.map { strdup($0) } + [nil]
    }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    deinit {
        pointers.forEach { free($0) }
    }
}
