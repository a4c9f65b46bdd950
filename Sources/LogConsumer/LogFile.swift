#if canImport(Glibc)
import Glibc
#endif

/// One open log file: whole lines appended and synced, its tail read back, a torn last line cut
/// off. The process holds an exclusive lock on it, so a second consumer cannot write to it too.
///
/// Sizes are read from the file each time (`fstat`), never remembered, so that a file truncated
/// by someone else (logrotate's `copytruncate`) is handled as it is.
final class LogFile {
    /// The path it was opened by.
    let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Opens the file at `path` for appending and reading, creating it if needed, locks it, and
    /// syncs its directory so that a new file survives a power cut.
    static func open(_ path: String) throws(EventLogError) -> LogFile {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw EventLogError(.open, path: path, errorNumber: errno) }
        let file = LogFile(path: path, descriptor: descriptor)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw EventLogError(.lock, path: path, errorNumber: errno) }
        try syncDirectory(containing: path)
        return file
    }

    /// The file's current size.
    func size() throws(EventLogError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw EventLogError(.read, path: path, errorNumber: errno) }
        return Int64(status.st_size)
    }

    /// Closes the file; later calls do nothing.
    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    /// Appends `bytes` and syncs them to disk. When that fails, the file is cut back to its size
    /// before the append (as far as the system lets it), so a retry neither continues a torn line
    /// nor repeats a whole one.
    func append(_ bytes: [UInt8]) throws(EventLogError) {
        let before = try size()
        do throws(EventLogError) {
            try writeAll(bytes)
            guard fsync(descriptor) == 0 else { throw EventLogError(.sync, path: path, errorNumber: errno) }
        } catch {
            _ = ftruncate(descriptor, off_t(before))
            throw error
        }
    }

    /// Cuts off a last line that has no newline: an append that a crash or a full disk
    /// interrupted. It was never acknowledged (a job is deleted only after its whole line is
    /// synced), so its event is still in the queue and will be written again.
    ///
    /// - Returns: How many bytes were cut off.
    func dropTornLastLine() throws(EventLogError) -> Int64 {
        let length = try size()
        guard length > 0, try read(at: length - 1, count: 1) != [UInt8(ascii: "\n")] else { return 0 }
        var end = length
        var keep: Int64 = 0
        while end > 0 {
            let count = Int(min(Int64(TailLines.defaultChunkSize), end))
            end -= Int64(count)
            let chunk = try read(at: end, count: count)
            if let newline = chunk.lastIndex(of: UInt8(ascii: "\n")) {
                keep = end + Int64(newline) + 1
                break
            }
        }
        guard ftruncate(descriptor, off_t(keep)) == 0 else { throw EventLogError(.truncate, path: path, errorNumber: errno) }
        guard fsync(descriptor) == 0 else { throw EventLogError(.sync, path: path, errorNumber: errno) }
        return length - keep
    }

    /// Calls `body` with the file's last complete lines, the last first, at most `limit`.
    /// - Returns: How many lines `body` was called with.
    func forEachLineFromEnd(limit: Int, _ body: ([UInt8]) -> Void) throws(EventLogError) -> Int {
        try TailLines.forEach(inFileOf: size(), limit: limit, read: read(at:count:), body)
    }

    /// Reads `count` bytes at `offset`.
    private func read(at offset: Int64, count: Int) throws(EventLogError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw EventLogError(.read, path: path, errorNumber: result < 0 ? errno : EIO) }
            done += result
        }
        return bytes
    }

    private func writeAll(_ bytes: [UInt8]) throws(EventLogError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw EventLogError(.write, path: path, errorNumber: written < 0 ? errno : EIO) }
            offset += written
        }
    }
}

extension LogFile {
    /// Calls `body` with the last complete lines of the file at `path`, without writing or locking
    /// it (a rotated file); a file that does not exist has none.
    /// - Returns: How many lines `body` was called with.
    static func forEachLineFromEnd(
        ofFileAt path: String, limit: Int, _ body: ([UInt8]) -> Void
    ) throws(EventLogError) -> Int {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 && errno == ENOENT { return 0 }
        guard descriptor >= 0 else { throw EventLogError(.open, path: path, errorNumber: errno) }
        return try LogFile(path: path, descriptor: descriptor).forEachLineFromEnd(limit: limit, body)
    }

    /// Syncs the directory that holds `path`, so that a file created or renamed in it is still
    /// there after a power cut.
    static func syncDirectory(containing path: String) throws(EventLogError) {
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw EventLogError(.sync, path: directory, errorNumber: errno) }
        defer { _ = Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw EventLogError(.sync, path: directory, errorNumber: errno) }
    }
}
