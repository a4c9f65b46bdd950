import Foundation
import Logging

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// Reading the log files the tests produce.
enum LogFiles {
    /// The lines of the file at `path` (without their newlines); none when it does not exist.
    static func lines(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The bytes of the file at `path`; empty when it does not exist.
    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The `id` of each line of the file at `path`.
    static func ids(_ path: String) throws -> [String] {
        try lines(path).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["id"] as? String ?? "-"
        }
    }

    /// Appends `text` to the file at `path` as it is (no sync: a test's stand-in for a crash).
    static func append(_ text: String, to path: String) throws {
        if !exists(path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(filePath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
