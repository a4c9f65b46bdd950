package import Foundation
package import TestSupport

extension ProcessResult {
    /// stdout's non-empty lines.
    package var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// stderr's non-empty lines.
    package var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// The only line of stdout when it is a lower-case UUID (what send and simulate print), else `nil`.
    package var printedID: UUID? {
        guard lines.count == 1, lines[0] == lines[0].lowercased() else { return nil }
        return UUID(uuidString: lines[0])
    }
}
