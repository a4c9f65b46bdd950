import EnvisalinkTPI
import NIOCore
import NIOPosix
import Synchronization
import TestSupport
import Testing

/// A raw TCP client for the simulator's ports: writes whatever a test gives it and hands back
/// what arrives line by line, with how many reads each line took and whether the peer closed.
final class RawTPIClient: Sendable {
    /// A line as it arrived, without CRLF.
    struct Line: Sendable, CustomStringConvertible {
        var text: String
        /// How many socket reads carried its bytes (2 or more: it was split).
        var reads: Int
        var description: String { text }
    }

    private struct Received {
        var bytes: [UInt8] = []
        /// Where each read ended, as offsets into `bytes`.
        var readEnds: [Int] = []
        /// How far lines have been taken.
        var consumed = 0
        var closed = false
    }

    /// Appends what the channel reads to the shared state.
    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received = Mutex(Received())

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(unwrapInboundIn(data).readableBytesView)
            received.withLock { state in
                state.bytes += bytes
                state.readEnds.append(state.bytes.count)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.withLock { $0.closed = true }
        }
    }

    private let channel: any Channel
    private let collector: Collector

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    /// Connects to `127.0.0.1:port`.
    static func connect(port: Int) async throws -> RawTPIClient {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        return RawTPIClient(channel: channel, collector: collector)
    }

    /// Sends `text` as it is (add `\r\n` yourself).
    func send(raw text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Sends a frame: code, data, the correct checksum, CRLF.
    func send(_ code: String, _ data: String = "") async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: try TPIFrame(code: code, data: data).wireBytes))
    }

    /// The next line, waiting up to `timeout`; throws if none arrives or the server closes first.
    func nextLine(timeout: Duration = .seconds(15)) async throws -> Line {
        try await poll(timeout, "a line") { state in
            guard let newline = state.bytes[state.consumed...].firstIndex(of: UInt8(ascii: "\n")) else {
                return state.closed ? .failure(TestSupportError(.connectionClosed, "closed before a full line")) : nil
            }
            var lineBytes = Array(state.bytes[state.consumed..<newline])
            if lineBytes.last == UInt8(ascii: "\r") { lineBytes.removeLast() }
            let (start, end) = (state.consumed, newline + 1)
            let reads = state.readEnds.filter { $0 > start && $0 < end }.count + 1
            state.consumed = end
            return .success(Line(text: String(decoding: lineBytes, as: UTF8.self), reads: reads))
        }
    }

    /// The next line as a frame written `CODE+DATA` (checksum verified and removed), such as `5051`.
    func nextFrame(timeout: Duration = .seconds(15)) async throws -> String {
        let line = try await nextLine(timeout: timeout)
        guard case .frame(let frame) = TPILine.parse(Array(line.text.utf8)) else {
            throw TestSupportError(.unexpectedReply, "not a valid frame: \(line.text)")
        }
        return frame.code + frame.data
    }

    /// The next `count` frames, as ``nextFrame(timeout:)`` writes them.
    func nextFrames(_ count: Int, timeout: Duration = .seconds(15)) async throws -> [String] {
        var frames: [String] = []
        for _ in 0..<count { frames.append(try await nextFrame(timeout: timeout)) }
        return frames
    }

    /// Reads as many frames as `expected` has and expects them to be those, in order.
    func expect(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let frames = try await nextFrames(expected.count)
        #expect(frames == expected, sourceLocation: sourceLocation)
    }

    /// Frames until one equal to `last` (included), at most 100.
    func frames(through last: String, timeout: Duration = .seconds(15)) async throws -> [String] {
        var frames: [String] = []
        while frames.last != last {
            guard frames.count < 100 else { throw TestSupportError(.unexpectedReply, "no \(last) in \(frames)") }
            frames.append(try await nextFrame(timeout: timeout))
        }
        return frames
    }

    /// Waits until the server has closed the connection, with no unread line left.
    func expectClosed(timeout: Duration = .seconds(15)) async throws {
        let unread: String = try await poll(timeout, "the connection to close") { state in
            state.closed ? .success(String(decoding: state.bytes[state.consumed...], as: UTF8.self)) : nil
        }
        guard unread.isEmpty else { throw TestSupportError(.unexpectedReply, "unread before close: \(unread)") }
    }

    /// Whether the server has closed the connection so far.
    var isClosed: Bool { collector.received.withLock { $0.closed } }

    /// Logs in with `password`: expects `5053`, then `500005` and `5051`.
    func login(password: String = "user") async throws {
        let greeting = try await nextFrame()
        guard greeting == "5053" else { throw TestSupportError(.unexpectedReply, "greeting \(greeting)") }
        try await send("005", password)
        let reply = try await nextFrames(2)
        guard reply == ["500005", "5051"] else { throw TestSupportError(.unexpectedReply, "login reply \(reply)") }
    }

    func close() async {
        try? await channel.close()
    }

    /// Checks `step` every few milliseconds until it gives a result or `timeout` passes.
    private func poll<Value>(
        _ timeout: Duration, _ what: String, _ step: (inout Received) -> Result<Value, TestSupportError>?
    ) async throws -> Value {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let result = collector.received.withLock({ step(&$0) }) { return try result.get() }
            guard ContinuousClock.now < deadline else {
                let unread = collector.received.withLock { String(decoding: $0.bytes[$0.consumed...], as: UTF8.self) }
                throw TestSupportError(.timedOut, "no \(what) within \(timeout); unread: \(String(reflecting: unread))")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
