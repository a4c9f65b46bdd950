#if canImport(Glibc)
import Glibc
#endif

/// Writes that are on disk when they return: every write is followed by `fsync`.
enum DurableFile {
    /// A write that did not reach the disk: which step failed, and the system's reason.
    struct Failure: Error {
        let operation: String
        let errorNumber: Int32

        var reason: String { String(cString: strerror(errorNumber)) }
    }

    /// Appends `bytes` to the file at `path`, creating it if needed.
    static func append(_ bytes: [UInt8], to path: String) throws(Failure) {
        try write(bytes, to: path, flags: O_WRONLY | O_CREAT | O_APPEND)
    }

    /// Replaces the file at `path` with `bytes` atomically: a crash leaves the old or the new file.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp"
        try write(bytes, to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        guard rename(temporary, path) == 0 else { throw Failure(operation: "replace", errorNumber: errno) }
    }

    private static func write(_ bytes: [UInt8], to path: String, flags: Int32) throws(Failure) {
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw Failure(operation: "open", errorNumber: errno) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(operation: "write", errorNumber: errno) }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw Failure(operation: "sync", errorNumber: errno) }
    }
}
