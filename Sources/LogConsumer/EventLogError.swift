#if canImport(Glibc)
import Glibc
#endif

/// The event log could not be opened, read, written, synced or rotated: which step failed, on
/// which file, and the system's reason. Never contains an event.
public struct EventLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: String, Sendable, Hashable {
        case open, lock, read, write, sync, truncate, rotate
    }

    /// The step that failed.
    public var operation: Operation
    /// The file (or, for `sync` of a directory entry, the directory) concerned.
    public var path: String
    /// The `errno` value, such as `ENOSPC`.
    public var errorNumber: Int32

    /// Creates an error for `operation` on `path`.
    public init(_ operation: Operation, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }

    /// The system's reason, such as `No space left on device`.
    public var reason: String {
        if operation == .lock && (errorNumber == EWOULDBLOCK || errorNumber == EAGAIN) {
            return "another process is writing it (is a second howalarming-log running?)"
        }
        return String(cString: strerror(errorNumber))
    }

    /// `cannot write /var/log/howalarming/events.jsonl: No space left on device`.
    public var description: String {
        "cannot \(operation.rawValue) \(path): \(reason)"
    }
}
