import Logging
import Synchronization

/// A logger that keeps every message and its metadata, at trace level, for assertions.
final class CapturedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    /// A trace-level logger writing here.
    var logger: Logger {
        Logger(label: "simulator-test") { _ in Handler(logs: self) }
    }

    /// Everything logged so far, one entry per message: level, message, metadata.
    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    private struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let entry = "\(event.level) \(event.message) \(all.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))"
            logs.lines.withLock { $0.append(entry) }
        }
    }
}
