#if canImport(Glibc)
import Glibc
#endif

/// Writes that are on disk when they return: every write is followed by `fsync`.
struct DurableFile: Sendable {
    /// A write that did not reach the disk: which step failed, and the system's reason.
    struct Failure: Error {
        let operation: String
        let errorNumber: Int32

        var reason: String { String(cString: strerror(errorNumber)) }
    }

    /// The system calls it makes: the real ones, or a test's.
    let system: any FileSystemCalls

    init(system: any FileSystemCalls = PosixFileSystem()) {
        self.system = system
    }

    /// Appends `bytes` to the file at `path`, creating it if needed.
    func append(_ bytes: [UInt8], to path: String) throws(Failure) {
        try write(bytes, to: path, flags: O_WRONLY | O_CREAT | O_APPEND)
    }

    /// Replaces the file at `path` with `bytes` atomically: a crash leaves the old or the new file.
    func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp"
        try write(bytes, to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        try system.rename(temporary, to: path)
    }

    private func write(_ bytes: [UInt8], to path: String, flags: Int32) throws(Failure) {
        let descriptor = try system.open(path, flags: flags)
        defer { system.close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            offset += try system.write(descriptor, bytes[offset...])
        }
        try system.sync(descriptor)
    }
}

/// The file system calls ``DurableFile`` needs, each throwing the step and `errno` on failure.
protocol FileSystemCalls: Sendable {
    func open(_ path: String, flags: Int32) throws(DurableFile.Failure) -> Int32
    /// Writes some of `bytes` (retrying on `EINTR`); returns how many, at least one.
    func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(DurableFile.Failure) -> Int
    func sync(_ descriptor: Int32) throws(DurableFile.Failure)
    func rename(_ old: String, to new: String) throws(DurableFile.Failure)
    func close(_ descriptor: Int32)
}

/// The real system calls.
struct PosixFileSystem: FileSystemCalls {
    func open(_ path: String, flags: Int32) throws(DurableFile.Failure) -> Int32 {
        let descriptor = Glibc.open(path, flags, 0o600)
        guard descriptor >= 0 else { throw DurableFile.Failure(operation: "open", errorNumber: errno) }
        return descriptor
    }

    func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(DurableFile.Failure) -> Int {
        while true {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { return written }
            if written < 0 && errno == EINTR { continue }
            throw DurableFile.Failure(operation: "write", errorNumber: written < 0 ? errno : ENOSPC)
        }
    }

    func sync(_ descriptor: Int32) throws(DurableFile.Failure) {
        guard fsync(descriptor) == 0 else { throw DurableFile.Failure(operation: "sync", errorNumber: errno) }
    }

    func rename(_ old: String, to new: String) throws(DurableFile.Failure) {
        guard Glibc.rename(old, new) == 0 else { throw DurableFile.Failure(operation: "replace", errorNumber: errno) }
    }

    func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}
