/// Splits a program's output, as it arrives in chunks, into lines for the log.
///
/// `\n` ends a line, and a `\r` before it is dropped. A line longer than ``maximumLength``
/// bytes is cut into pieces of that length, so a program that never writes a newline cannot
/// make the consumer hold unbounded output. Bytes that are not UTF-8 become U+FFFD.
public struct OutputLineSplitter: Sendable {
    /// The longest line logged in one piece unless configured otherwise, in bytes.
    public static let defaultMaximumLength = 4096

    /// The longest piece of a line, in bytes.
    public let maximumLength: Int
    private var pending: [UInt8] = []
    /// Whether the current line has been cut, so a newline right after the cut ends it without an empty piece.
    private var lineWasCut = false

    /// A splitter cutting lines longer than `maximumLength` (at least 1) bytes.
    public init(maximumLength: Int = defaultMaximumLength) {
        precondition(maximumLength >= 1, "a line holds at least one byte")
        self.maximumLength = maximumLength
    }

    /// Adds `bytes` and returns the lines they complete, in order.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !(lineWasCut && pending.isEmpty) { lines.append(takePending()) }
                lineWasCut = false
            } else {
                pending.append(byte)
                if pending.count == maximumLength {
                    lines.append(takePending())
                    lineWasCut = true
                }
            }
        }
        return lines
    }

    /// At the end of the stream: the last line when it had no newline, else `nil`.
    public mutating func finish() -> String? {
        pending.isEmpty ? nil : takePending()
    }

    private mutating func takePending() -> String {
        defer { pending.removeAll(keepingCapacity: true) }
        let line = pending.last == UInt8(ascii: "\r") ? pending.dropLast() : pending[...]
        return String(decoding: line, as: UTF8.self)
    }
}
