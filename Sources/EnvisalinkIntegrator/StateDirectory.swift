import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// The directory the integrator keeps its state files in (the sequence file, the record of sent
/// commands), made at start-up where a fresh box has none yet.
enum StateDirectory {
    /// Creates the directory holding `path` (with any missing parents, mode 0750 as the systemd
    /// unit's `StateDirectoryMode`) unless it exists.
    /// - Throws: a ``ConfigError`` for `key` when it cannot be created or something else is in its place.
    static func ensure(holding path: String, key: String) throws(ConfigError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        guard let failure = make(directory) else { return }
        let reason = "its directory \(directory), where the integrator keeps its state (the event sequence and "
            + "the record of sent commands), cannot be created: \(String(cString: strerror(failure)))"
        throw ConfigError(keyPath: key, reason: reason)
    }

    /// Makes `directory` and its missing parents; returns `errno` when that fails, `nil` when it is there.
    private static func make(_ directory: String) -> Int32? {
        var status = stat()
        if stat(directory, &status) == 0 {
            return status.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
        }
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex, let failure = make(String(directory[..<slash])) {
            return failure
        }
        return mkdir(directory, 0o750) == 0 || errno == EEXIST ? nil : errno
    }
}
