#if canImport(Glibc)
import Glibc
#else
#error("TestSupport drives processes and sockets with Glibc: it runs on Linux only")
#endif

/// Small POSIX helpers shared by the process and socket code.
enum Posix {
    /// The text of an `errno` value.
    static func errorText(_ number: Int32) -> String {
        String(cString: strerror(number))
    }

    /// Closes `descriptor`, ignoring errors (used on paths where nothing better can be done).
    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// A pipe whose two ends are close-on-exec, so children spawned later do not inherit them.
    ///
    /// Glibc's `pipe2` is not visible from Swift, so the flag is set right after `pipe`; callers
    /// hold ``ProcessSpawner``'s lock so no spawn can happen in between.
    static func closeOnExecPipe() throws(TestSupportError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemCall("pipe", errno: errno) }
        for end in ends {
            guard fcntl(end, F_SETFD, FD_CLOEXEC) == 0 else {
                let number = errno
                ends.forEach { Posix.close($0) }
                throw .systemCall("fcntl(FD_CLOEXEC)", errno: number)
            }
        }
        return (ends[0], ends[1])
    }

    /// Whether `path` names an executable regular file.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// The absolute path of `name`: itself when it contains a `/`, else the first match in `searchPath`
    /// (a `PATH`-style list), or `nil`.
    static func resolveExecutable(_ name: String, searchPath: String) -> String? {
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }
}
