import NIOCore

/// A TCP connection that reads lines and writes bytes (TPI clients and control clients).
typealias LineChannel = NIOAsyncChannel<ReceivedLine, ByteBuffer>
/// A listening socket whose connections are ``LineChannel``s.
typealias LineServer = NIOAsyncChannel<LineChannel, Never>

/// Splits a byte stream into lines on LF, keeping bytes across reads.
///
/// Unlike ``EnvisalinkTPI/TPILineDecoder`` it does not parse anything: the simulator must judge
/// the raw bytes as an EVL does (a lowercase checksum or a timestamp prefix is a bad checksum
/// to the EVL), and the control port reads plain text.
struct LineSplitter: NIOSingleStepByteToMessageDecoder {
    typealias InboundOut = ReceivedLine

    /// The longest line kept, line ending included.
    let maximumLength: Int
    private var discarding = false

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(buffer: inout ByteBuffer) throws -> ReceivedLine? {
        while let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer.readableBytesView[..<newline])
            buffer.moveReaderIndex(forwardBy: line.count + 1)
            if discarding {
                discarding = false
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            return line.count + 2 > maximumLength ? .overlong : .line(line)
        }
        guard buffer.readableBytes >= maximumLength else { return nil }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        if discarding { return nil }
        discarding = true
        return .overlong
    }

    mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> ReceivedLine? {
        try decode(buffer: &buffer)
    }
}
