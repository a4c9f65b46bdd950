import NIOCore

/// Frames beanstalkd replies out of a byte stream.
///
/// Pure and incremental: returns `nil` and leaves the buffer untouched until a whole
/// reply (header line plus any body) is there. A header longer than the server's
/// line limit, an unknown header or a malformed number means the stream can no
/// longer be trusted and is reported as a ``BeanstalkError/Code/protocolViolation``.
struct BeanstalkReplyDecoder: NIOSingleStepByteToMessageDecoder {
    typealias InboundOut = BeanstalkReply

    /// beanstalkd's `LINE_BUF_SIZE`: the longest line, `\r\n` included.
    static let maximumLineLength = 224

    /// The largest body accepted (beanstalkd's own ceiling for `-z` is 1 GiB; stats bodies are small).
    static let maximumBodyLength = 1 << 30

    func decode(buffer: inout ByteBuffer) throws -> BeanstalkReply? {
        guard let lineLength = try Self.headerLength(in: buffer) else {
            if buffer.readableBytes >= Self.maximumLineLength {
                throw BeanstalkError(.protocolViolation, "reply line longer than \(Self.maximumLineLength) bytes")
            }
            return nil
        }
        let header = buffer.getSlice(at: buffer.readerIndex, length: lineLength)!
        var tokens = ReplyHeader(header)
        let word = tokens.next()
        if let bodyReply = try Self.bodyReplyKind(word) {
            let id = bodyReply == .ok ? nil : try tokens.jobID()
            let length = try tokens.number(max: UInt64(Self.maximumBodyLength))
            try tokens.expectEnd()
            let total = lineLength + 2 + Int(length) + 2
            guard buffer.readableBytes >= total else { return nil }
            let bodyStart = buffer.readerIndex + lineLength + 2
            guard buffer.getInteger(at: bodyStart + Int(length), as: UInt16.self) == Self.crlf else {
                throw BeanstalkError(.protocolViolation, "reply body not followed by CRLF")
            }
            let body = buffer.getSlice(at: bodyStart, length: Int(length))!
            buffer.moveReaderIndex(forwardBy: total)
            switch bodyReply {
            case .reserved: return .reserved(id!, body)
            case .found: return .found(id!, body)
            case .ok: return .ok(body)
            }
        }
        let reply = try Self.lineReply(word, &tokens)
        try tokens.expectEnd()
        buffer.moveReaderIndex(forwardBy: lineLength + 2)
        return reply
    }

    func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> BeanstalkReply? {
        try decode(buffer: &buffer)
    }

    private static let crlf: UInt16 = 0x0D0A

    /// The length of the header line before its `\r\n`, if a whole line is buffered.
    private static func headerLength(in buffer: ByteBuffer) throws -> Int? {
        let view = buffer.readableBytesView.prefix(maximumLineLength)
        guard let cr = view.firstIndex(of: UInt8(ascii: "\r")) else { return nil }
        let next = view.index(after: cr)
        guard next < view.endIndex else { return nil }
        guard view[next] == UInt8(ascii: "\n") else {
            throw BeanstalkError(.protocolViolation, "reply header contains a bare CR")
        }
        return cr - view.startIndex
    }

    private enum BodyReply { case reserved, found, ok }

    private static func bodyReplyKind(_ word: String) throws -> BodyReply? {
        switch word {
        case "RESERVED": return .reserved
        case "FOUND": return .found
        case "OK": return .ok
        default: return nil
        }
    }

    private static func lineReply(_ word: String, _ tokens: inout ReplyHeader) throws -> BeanstalkReply {
        switch word {
        case "INSERTED": return .inserted(try tokens.jobID())
        case "BURIED": return .buried(tokens.isAtEnd ? nil : try tokens.jobID())
        case "USING": return .using(try tokens.word())
        case "WATCHING": return .watching(try tokens.number())
        case "KICKED": return .kicked(tokens.isAtEnd ? nil : try tokens.number())
        case "DEADLINE_SOON": return .deadlineSoon
        case "TIMED_OUT": return .timedOut
        case "DELETED": return .deleted
        case "RELEASED": return .released
        case "TOUCHED": return .touched
        case "PAUSED": return .paused
        case "NOT_FOUND": return .notFound
        case "NOT_IGNORED": return .notIgnored
        case "EXPECTED_CRLF": return .expectedCRLF
        case "JOB_TOO_BIG": return .jobTooBig
        case "DRAINING": return .draining
        case "OUT_OF_MEMORY": return .outOfMemory
        case "INTERNAL_ERROR": return .internalError
        case "BAD_FORMAT": return .badFormat
        case "UNKNOWN_COMMAND": return .unknownCommand
        default:
            throw BeanstalkError(.protocolViolation, "unknown reply \"\(word.prefix(32))\"")
        }
    }
}

/// Splits a reply header into tokens separated by single spaces.
///
/// An empty token (a doubled, leading or trailing space) is a protocol violation
/// when read, and left-over tokens fail ``expectEnd()``.
private struct ReplyHeader {
    private let tokens: [Substring]
    private var position = 0

    init(_ header: ByteBuffer?) {
        let text = header.map { String(buffer: $0) } ?? ""
        self.tokens = text.split(separator: " ", omittingEmptySubsequences: false)
    }

    var isAtEnd: Bool { position == tokens.count }

    /// The first token: the reply's name.
    mutating func next() -> String {
        defer { position += 1 }
        return String(tokens[position])
    }

    mutating func word() throws -> String {
        guard !isAtEnd else { throw BeanstalkError(.protocolViolation, "reply is missing an argument") }
        let token = next()
        guard !token.isEmpty else { throw BeanstalkError(.protocolViolation, "empty argument in reply") }
        return token
    }

    mutating func number(max: UInt64 = .max) throws -> UInt64 {
        let token = try word()
        guard token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let value = UInt64(token), value <= max
        else {
            throw BeanstalkError(.protocolViolation, "malformed number \"\(token.prefix(32))\" in reply")
        }
        return value
    }

    mutating func jobID() throws -> JobID { JobID(try number()) }

    func expectEnd() throws {
        guard isAtEnd else { throw BeanstalkError(.protocolViolation, "unexpected trailing data in reply") }
    }
}
