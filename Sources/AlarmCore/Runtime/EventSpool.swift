#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// An append-only file of events waiting to be published, one JSON line each.
///
/// Every append is synced to disk before it returns. Published events are removed from
/// the front by rewriting the file atomically (write, sync, rename).
struct EventSpool {
    private let path: String
    private var events: [AlarmEvent]

    init(path: String) throws {
        self.path = path
        events = []
        guard FileManager.default.fileExists(atPath: path) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where !line.isEmpty {
            // A line cut short by a crash is the only way a line can be broken: skip it.
            if let event = try? AlarmEvent.decode(json: Array(line.utf8)) { events.append(event) }
        }
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }
    var first: AlarmEvent? { events.first }

    mutating func append(_ event: AlarmEvent) throws {
        try Self.write(event.jsonBytes() + [0x0A], to: path, flags: O_WRONLY | O_CREAT | O_APPEND)
        events.append(event)
    }

    mutating func removeFirst() throws {
        events.removeFirst()
        let temporary = path + ".tmp"
        try Self.write(events.flatMap { $0.jsonBytes() + [0x0A] }, to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        guard rename(temporary, path) == 0 else { throw SpoolError(path: path, operation: "replace") }
    }

    private static func write(_ bytes: [UInt8], to path: String, flags: Int32) throws {
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw SpoolError(path: path, operation: "open") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw SpoolError(path: path, operation: "write") }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw SpoolError(path: path, operation: "sync") }
    }
}

/// The event spool could not be written: events cannot be kept safe.
public struct SpoolError: Error, CustomStringConvertible {
    public let path: String
    public let operation: String
    public let errorNumber = errno

    public var description: String {
        "cannot \(operation) the event spool \(path): \(String(cString: strerror(errorNumber)))"
    }
}
