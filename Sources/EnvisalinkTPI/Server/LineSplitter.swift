public import NIOCore

/// A TCP connection that reads lines and writes bytes (TPI clients, the simulator's control clients).
public typealias LineChannel = NIOAsyncChannel<ReceivedLine, ByteBuffer>
/// A listening socket whose connections are ``LineChannel``s.
public typealias LineServer = NIOAsyncChannel<LineChannel, Never>

/// Splits a byte stream into lines on LF, keeping bytes across reads.
///
/// Unlike ``TPILineDecoder`` it does not parse anything: an EVL (the simulator, the integrator's
/// proxy) must judge the raw bytes as an EVL does (a lowercase checksum or a timestamp prefix is a
/// bad checksum to the EVL), and the simulator's control port reads plain text.
public struct LineSplitter: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = ReceivedLine

    /// The longest line kept, line ending included.
    public let maximumLength: Int
    private var discarding = false

    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    public mutating func decode(buffer: inout ByteBuffer) throws -> ReceivedLine? {
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

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> ReceivedLine? {
        try decode(buffer: &buffer)
    }
}
