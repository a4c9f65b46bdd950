/// What the harness has collected from a child so far; lives in a ``WatchedState``.
struct ChildOutput: Sendable {
    /// One of the child's output pipes.
    enum Stream: Sendable {
        case standardOutput
        case standardError
    }

    private(set) var standardOutput: [UInt8] = []
    private(set) var standardError: [UInt8] = []
    /// Complete stdout lines, without the line ending (`\n` or `\r\n`).
    private(set) var lines: [String] = []
    /// How many of ``lines`` `awaitLine` has handed out.
    var linesConsumed = 0
    private(set) var standardOutputClosed = false
    private(set) var standardErrorClosed = false
    /// How the child ended, once it has been reaped.
    var exitStatus: ExitStatus?

    /// Where the unfinished stdout line starts.
    private var lineStart = 0
    /// How far stdout has been searched for line endings.
    private var scannedUpTo = 0

    /// Both pipes have reached end of file.
    var outputClosed: Bool { standardOutputClosed && standardErrorClosed }

    /// The child has exited and everything it wrote has been read.
    var isFinished: Bool { exitStatus != nil && outputClosed }

    mutating func append(_ bytes: ArraySlice<UInt8>, to stream: Stream) {
        switch stream {
        case .standardOutput:
            standardOutput += bytes
            splitLines()
        case .standardError:
            standardError += bytes
        }
    }

    mutating func close(_ stream: Stream) {
        switch stream {
        case .standardOutput:
            standardOutputClosed = true
            if lineStart < standardOutput.count { addLine(upTo: standardOutput.count) }
        case .standardError:
            standardErrorClosed = true
        }
    }

    private mutating func splitLines() {
        while let newline = standardOutput[scannedUpTo...].firstIndex(of: UInt8(ascii: "\n")) {
            addLine(upTo: newline)
            lineStart = newline + 1
            scannedUpTo = lineStart
        }
        scannedUpTo = standardOutput.count
    }

    private mutating func addLine(upTo end: Int) {
        var line = standardOutput[lineStart..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        lines.append(String(decoding: line, as: UTF8.self))
        lineStart = end
    }
}
