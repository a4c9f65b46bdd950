#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An append-only file of events waiting to be published, one JSON line each
/// (``SpooledEvent``: the event, and the tubes it must not go to).
///
/// Every append is synced to disk before it returns (``DurableFile``). Published events are
/// removed from the front by replacing the file atomically.
struct EventSpool {
    private let path: String
    private let files: DurableFile
    private var events: [SpooledEvent]
    /// The lines of the file that could not be read (cut short by a crash, or damaged: not UTF-8,
    /// not an event), by line number and reason. They are skipped; the other lines are kept.
    private(set) var unreadableLines: [(line: Int, reason: String)] = []

    init(path: String, files: DurableFile = DurableFile()) throws {
        self.path = path
        self.files = files
        events = []
        guard FileManager.default.fileExists(atPath: path) else { return }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                events.append(try SpooledEvent(line: line))
            } catch {
                unreadableLines.append((index + 1, "\(error)"))
            }
        }
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }
    var first: SpooledEvent? { events.first }

    /// Appends `event` to the file and syncs it. The event is kept in memory, to be published in
    /// its turn, even when the file cannot take it: then this throws, to say that it would not
    /// survive a restart.
    mutating func append(_ event: SpooledEvent) throws {
        events.append(event)
        do {
            try files.append(event.line() + [0x0A], to: path)
        } catch {
            throw SpoolError(path: path, failure: error)
        }
    }

    mutating func removeFirst() throws {
        events.removeFirst()
        do {
            try files.replace(path, with: events.flatMap { $0.line() + [0x0A] })
        } catch {
            throw SpoolError(path: path, failure: error)
        }
    }
}

/// The event spool could not be written: events cannot be kept safe.
public struct SpoolError: Error, CustomStringConvertible {
    public let path: String
    /// The step that failed: open, write, sync or replace.
    public let operation: String
    /// Why, as the system says it (e.g. "No space left on device").
    public let reason: String

    init(path: String, failure: DurableFile.Failure) {
        self.path = path
        self.operation = failure.operation
        self.reason = failure.reason
    }

    public var description: String { "cannot \(operation) the event spool \(path): \(reason)" }
}
