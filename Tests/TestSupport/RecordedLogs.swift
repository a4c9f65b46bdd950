public import Logging
import Synchronization

/// A logger that keeps every entry, at trace level, for assertions on what was logged.
public final class RecordedLogs: Sendable {
    /// One logged message with its level and metadata (the logger's and the call's, merged).
    public struct Entry: Sendable, CustomStringConvertible {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]

        /// `LEVEL MESSAGE key=value key=value`, keys in order.
        public var description: String {
            "\(level) \(message) \(metadata.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))"
        }
    }

    private let recorded = Mutex<[Entry]>([])

    public init() {}

    /// Everything logged so far, in order.
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// Everything logged so far, one ``Entry/description`` a line.
    public var text: String { entries.map(\.description).joined(separator: "\n") }

    /// A trace-level logger writing here.
    public var logger: Logger {
        Logger(label: "test") { _ in Handler(logs: self) }
    }

    private struct Handler: LogHandler {
        let logs: RecordedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues { "\($0)" }
            logs.recorded.withLock { $0.append(Entry(level: event.level, message: "\(event.message)", metadata: all)) }
        }
    }
}
