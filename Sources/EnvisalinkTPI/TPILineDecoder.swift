public import NIOCore

/// Splits the TPI byte stream into lines and parses each with ``TPILine/parse(_:)``.
///
/// Bytes are buffered across reads, so a frame split over TCP segments and many frames
/// in one read both work. Lines end in LF (the CR before it is optional); empty lines
/// are skipped. A line longer than ``maximumLineLength`` is reported once as invalid and
/// discarded up to its end, so the decoder never loses sync and never buffers without bound.
public struct TPILineDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = TPILine

    /// The longest line accepted, line ending included (a 128-zone 615 dump is 519 bytes).
    public static let maximumLineLength = 1024

    private var discarding = false

    public init() {}

    public mutating func decode(buffer: inout ByteBuffer) throws -> TPILine? {
        while true {
            let view = buffer.readableBytesView
            guard let newline = view.prefix(Self.maximumLineLength).firstIndex(of: UInt8(ascii: "\n")) else {
                guard view.count >= Self.maximumLineLength else { return nil }
                // An overlong line: drop it up to its end if that is here (the frames after it
                // stay), else drop what we have and skip the rest of it as it arrives.
                let excerpt = String(decoding: view.prefix(32), as: UTF8.self)
                let end = view.firstIndex(of: UInt8(ascii: "\n"))
                buffer.moveReaderIndex(forwardBy: end.map { view.distance(from: view.startIndex, to: $0) + 1 } ?? view.count)
                let wasDiscarding = discarding
                discarding = end == nil
                if wasDiscarding { continue }
                return .invalid(TPIFrameProblem("line longer than \(Self.maximumLineLength) bytes", excerpt: excerpt))
            }
            let line = view[view.startIndex..<newline]
            buffer.moveReaderIndex(forwardBy: line.count + 1)
            if discarding {
                discarding = false
                continue
            }
            if line.isEmpty || line.elementsEqual([0x0D]) { continue }
            return TPILine.parse(line)
        }
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> TPILine? {
        try decode(buffer: &buffer)
    }
}

/// Writes frames with their checksum and CRLF.
public struct TPIFrameEncoder: MessageToByteEncoder {
    public typealias OutboundIn = TPIFrame

    public init() {}

    public func encode(data frame: TPIFrame, out: inout ByteBuffer) {
        out.writeBytes(frame.wireBytes)
    }
}
