import ArgumentParser

import Foundation  // Error.localizedDescription is not in FoundationEssentials

/// The text of a file named on the command line, or of standard input for `-`.
enum InputText {
    /// Reads `path` (`-`: standard input to its end).
    ///
    /// - Throws: `ValidationError` naming the file when it cannot be read.
    static func read(_ path: String) throws -> String {
        if path == "-" {
            return Array(sequence(state: ()) { _ in readLine() }).joined(separator: "\n")
        }
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
