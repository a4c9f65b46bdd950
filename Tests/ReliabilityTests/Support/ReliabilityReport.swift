import Foundation

/// Where the reliability tests record their figures (recovery times, rates): a line on standard
/// output, `[reliability] WHAT: FIGURE`, and the same line appended to the file named by
/// `HOWALARMING_RELIABILITY_REPORT` when it is set (`make soak` prints that file as its summary).
enum ReliabilityReport {
    static let fileVariable = "HOWALARMING_RELIABILITY_REPORT"

    /// Records one figure.
    static func record(_ what: String, _ figure: String) {
        let line = "[reliability] \(what): \(figure)"
        print(line)
        guard let path = ProcessInfo.processInfo.environment[fileVariable], !path.isEmpty else { return }
        let bytes = Data((line + "\n").utf8)
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(bytes)
            handle.closeFile()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: bytes)
        }
    }

    /// `duration` in seconds with two decimals.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
