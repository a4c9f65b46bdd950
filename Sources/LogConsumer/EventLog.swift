public import AlarmCore
public import Logging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The append-only event log: one line of canonical JSON per event, synced before ``append(_:)``
/// returns, and never twice for the same event.
///
/// Events are known by their `id` (or, without one, by the UUID of their canonical JSON). The log
/// remembers the keys of the last `recentCapacity` events it wrote; when it first opens the file
/// it reads them back from the file's last lines (and from `FILE.1` when the file has fewer), so
/// a job delivered again after a crash between the sync and the delete is recognised.
///
/// The file is opened when first needed, reopened by ``reopen()`` (after logrotate renamed it),
/// and closed after any failure, so the next append opens it afresh: a full disk, a missing or
/// unwritable directory or a replaced file recover on their own once fixed.
public actor EventLog {
    /// How many recent events the log remembers by default.
    public static let defaultRecentCapacity = 1000

    /// What ``append(_:)`` did.
    public enum Outcome: Sendable, Hashable {
        /// The event's line is on disk.
        case written
        /// The event was already in the log; nothing was written.
        case duplicate
    }

    /// The file events are appended to.
    public nonisolated let path: String
    private let rotation: LogRotation?
    private let logger: Logger
    private var file: LogFile?
    private var recent: RecentEventIDs
    private var hasReadRecentKeys = false

    /// - Parameters:
    ///   - path: The log file; its directory must exist.
    ///   - rotation: Size-based rotation, or `nil` to leave rotation to logrotate.
    ///   - recentCapacity: How many recent events are remembered to recognise repeats.
    public init(path: String, rotation: LogRotation? = nil, recentCapacity: Int = defaultRecentCapacity, logger: Logger) {
        self.path = path
        self.rotation = rotation
        self.logger = logger
        recent = RecentEventIDs(capacity: recentCapacity)
    }

    /// Appends `event` as one line and syncs it, unless it is already in the log.
    ///
    /// - Throws: ``EventLogError`` when the line could not be put on disk; then nothing of it
    ///   stays in the file, as far as the system allows (see ``LogFile/append(_:)``).
    public func append(_ event: AlarmEvent) throws(EventLogError) -> Outcome {
        let file = try openFile()
        let key = event.stableID
        if recent.contains(key) { return .duplicate }
        let line = event.jsonBytes() + [UInt8(ascii: "\n")]
        do {
            if let rotation, rotation.isDue(size: try file.size(), lineLength: line.count) {
                try rotate(by: rotation).append(line)
            } else {
                try file.append(line)
            }
        } catch {
            close()
            throw error
        }
        recent.insert(key)
        return .written
    }

    /// Closes the file and opens it again by its path, creating it if needed: what logrotate
    /// asks for with SIGHUP after renaming it. Remembered events are kept.
    public func reopen() throws(EventLogError) {
        close()
        _ = try openFile()
    }

    /// Closes the file; the next ``append(_:)`` opens it again.
    public func close() {
        file?.close()
        file = nil
    }

    /// The open file, opening it (and dropping a torn last line) when needed.
    private func openFile() throws(EventLogError) -> LogFile {
        if let file { return file }
        let opened = try LogFile.open(path)
        let dropped = try opened.dropTornLastLine()
        if dropped > 0 {
            logger.warning("cut off an unfinished last line; its event is still queued and is written again", metadata: [
                "path": "\(path)", "bytes": "\(dropped)",
            ])
        }
        if !hasReadRecentKeys {
            try readRecentKeys(from: opened)
            hasReadRecentKeys = true
        }
        logger.info("log file open", metadata: ["path": "\(path)"])
        file = opened
        return opened
    }

    /// Remembers the keys of the last lines of `file`, and of `FILE.1` when `file` has fewer
    /// lines than the log remembers.
    private func readRecentKeys(from file: LogFile) throws(EventLogError) {
        var newestFirst: [UUID] = []
        var unreadable = 0
        let collect = { (line: [UInt8]) in
            guard !line.isEmpty else { return }
            guard let event = try? AlarmEvent.decode(json: line) else {
                unreadable += 1
                return
            }
            newestFirst.append(event.stableID)
        }
        let seen = try file.forEachLineFromEnd(limit: recent.capacity, collect)
        if seen < recent.capacity {
            do {
                _ = try LogFile.forEachLineFromEnd(ofFileAt: "\(path).1", limit: recent.capacity - seen, collect)
            } catch {
                logger.warning("cannot read the rotated log for recent events", metadata: ["error": "\(error)"])
            }
        }
        for key in newestFirst.reversed() { recent.insert(key) }
        if unreadable > 0 {
            logger.warning("lines of the log are not events; ignored", metadata: ["path": "\(path)", "lines": "\(unreadable)"])
        }
        logger.debug("recent events read from the log", metadata: ["count": "\(recent.count)"])
    }

    /// Rotates the files and opens a new one.
    private func rotate(by rotation: LogRotation) throws(EventLogError) -> LogFile {
        close()
        try rotation.rotate(path)
        logger.info("log file rotated", metadata: ["path": "\(path)", "keep": "\(rotation.keep)"])
        return try openFile()
    }
}
