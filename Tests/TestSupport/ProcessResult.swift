public import Foundation

/// What a finished process left behind: how it ended and everything it wrote.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// How it ended.
    public var status: ExitStatus
    /// Everything it wrote to stdout.
    public var standardOutput: Data
    /// Everything it wrote to stderr.
    public var standardError: Data

    /// Creates a result.
    public init(status: ExitStatus, standardOutput: Data, standardError: Data) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// stdout decoded as UTF-8 (invalid bytes replaced).
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// stderr decoded as UTF-8 (invalid bytes replaced).
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }

    public var description: String {
        "\(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
}
