import EnvisalinkTPI
import NIOCore
import NIOPosix
import TestSupport

/// A TPI client for tests of the proxy: sends frames with their checksums and reads the lines the
/// proxy sends, as text without CRLF. Use it from one task.
final class TPITestClient {
    /// A line or the end of the connection, as they came.
    private let lines: AsyncStream<String>
    private var iterator: AsyncStream<String>.Iterator
    private let channel: any Channel

    private init(channel: any Channel, lines: AsyncStream<String>) {
        self.channel = channel
        self.lines = lines
        self.iterator = lines.makeAsyncIterator()
    }

    /// Connects to the proxy on `port` of 127.0.0.1.
    static func connect(port: Int) async throws -> TPITestClient {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(LineSplitter(maximumLength: 4096)), LineCollector(continuation: continuation),
                    ])
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return TPITestClient(channel: channel, lines: lines)
    }

    /// Sends `text` (code and data) with its checksum and CRLF.
    func send(_ text: String) async throws {
        try await sendRaw(text + TPIFrame.hex(TPIFrame.checksum(of: text.utf8)) + "\r\n")
    }

    /// Sends `text` exactly.
    func sendRaw(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// The next line, without its checksum when `checked` (which it then verifies); `nil` when the
    /// proxy closed the connection. Throws after `timeout` without a line.
    func next(timeout: Duration = .seconds(10), checked: Bool = true) async throws -> String? {
        let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [channel] in
            channel.pipeline.fireUserInboundEventTriggered(LineCollector.TimedOut())
        }
        defer { deadline.cancel() }
        guard let line = await iterator.next() else { return nil }
        guard line != LineCollector.timedOut else {
            throw TestSupportError(.timedOut, "no line from the proxy within \(timeout)")
        }
        guard checked else { return line }
        let body = String(line.dropLast(2))
        guard TPIFrame.hex(TPIFrame.checksum(of: body.utf8)) == line.suffix(2) else {
            throw TestSupportError(.unexpectedReply, "a line with a bad checksum from the proxy: \(line)")
        }
        return body
    }

    /// The next lines until one starts with `prefix`, that one included.
    func lines(through prefix: String, timeout: Duration = .seconds(10)) async throws -> [String] {
        var seen: [String] = []
        while let line = try await next(timeout: timeout) {
            seen.append(line)
            if line.hasPrefix(prefix) { return seen }
        }
        throw TestSupportError(.connectionClosed, "the proxy closed the connection before \(prefix); saw \(seen)")
    }

    /// Reads the password request, logs in with `password` and returns the two answers.
    func logIn(_ password: String) async throws -> [String] {
        let request = try await next()
        guard request == "5053" else { throw TestSupportError(.unexpectedReply, "expected 5053, got \(request ?? "the end")") }
        try await send("005" + password)
        return [try await next(), try await next()].map { $0 ?? "the end" }
    }

    /// Waits until the proxy closes the connection; returns the lines before that.
    func untilClosed(timeout: Duration = .seconds(10)) async throws -> [String] {
        var seen: [String] = []
        while let line = try await next(timeout: timeout) { seen.append(line) }
        return seen
    }

    func close() async {
        try? await channel.close()
    }
}

/// Hands each line on as text; the end of the connection ends the stream.
private final class LineCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ReceivedLine
    struct TimedOut {}
    static let timedOut = "\u{0}timed out"
    let continuation: AsyncStream<String>.Continuation

    init(continuation: AsyncStream<String>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .line(bytes): continuation.yield(String(decoding: bytes, as: UTF8.self))
        case .overlong: continuation.yield("overlong")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is TimedOut { continuation.yield(Self.timedOut) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
    }
}
