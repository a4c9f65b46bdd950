#if canImport(Glibc)
import Glibc
#endif

/// Writes that are on disk when they return: every write is followed by `fsync`, and so is every
/// change of a directory entry (a file created, a rename), so the file is still found after a
/// power loss.
public struct DurableFile: Sendable {
    /// A write that did not reach the disk: which step failed, and the system's reason.
    public struct Failure: Error {
        /// The step: `open`, `write`, `sync` or `replace`.
        public let operation: String
        /// The `errno` of the failed step.
        public let errorNumber: Int32

        /// The system's words for ``errorNumber``, e.g. `No space left on device`.
        public var reason: String { String(cString: strerror(errorNumber)) }
    }

    /// The system calls it makes: the real ones, or a test's.
    let system: any FileSystemCalls

    /// Writes through the real system calls.
    public init() {
        self.init(system: PosixFileSystem())
    }

    init(system: any FileSystemCalls) {
        self.system = system
    }

    /// Appends `bytes` to the file at `path`, creating it if needed.
    func append(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor: Int32
        var created = true
        do throws(Failure) {
            descriptor = try system.open(path, flags: O_WRONLY | O_APPEND | O_CREAT | O_EXCL)
        } catch where error.errorNumber == EEXIST {
            created = false
            descriptor = try system.open(path, flags: O_WRONLY | O_APPEND)
        }
        try write(bytes, into: descriptor)
        if created { try syncDirectory(of: path) }
    }

    /// Replaces the file at `path` with `bytes` atomically: a crash leaves the old or the new file.
    public func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp"
        try write(bytes, into: try system.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC))
        try system.rename(temporary, to: path)
        try syncDirectory(of: path)
    }

    /// Creates the file at `path` holding `bytes` (mode 0600, like every file written here) and
    /// syncs it and its directory; refuses a file that exists (`open`, `EEXIST`). A file whose
    /// write failed is removed, so that the next attempt can create it.
    public func create(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let descriptor = try system.open(path, flags: O_WRONLY | O_CREAT | O_EXCL)
        do throws(Failure) {
            try write(bytes, into: descriptor)
        } catch {
            system.remove(path)
            throw error
        }
        try syncDirectory(of: path)
    }

    /// Writes all of `bytes`, syncs and closes the descriptor.
    private func write(_ bytes: [UInt8], into descriptor: Int32) throws(Failure) {
        defer { system.close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            offset += try system.write(descriptor, bytes[offset...])
        }
        try system.sync(descriptor)
    }

    /// Syncs the directory holding `path`, so that its entry for the file is on disk too.
    private func syncDirectory(of path: String) throws(Failure) {
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = try system.open(directory, flags: O_RDONLY | O_DIRECTORY)
        defer { system.close(descriptor) }
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
    /// Removes the file at `path`, if it can.
    func remove(_ path: String)
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

    func remove(_ path: String) {
        _ = unlink(path)
    }
}
