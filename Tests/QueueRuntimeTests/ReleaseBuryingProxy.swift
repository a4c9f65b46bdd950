import NIOCore
import NIOPosix
import TestSupport
import Testing

/// A TCP proxy in front of a real beanstalkd that turns every `release` into a `bury`: beanstalkd
/// then buries the job and answers `BURIED`, as it does to a release when it is out of memory.
final class ReleaseBuryingProxy: Sendable {
    /// The loopback port clients connect to.
    let port: Int
    private let listener: any Channel

    private init(listener: any Channel, port: Int) {
        self.listener = listener
        self.port = port
    }

    /// Starts listening on a free loopback port; each client gets its own connection to `server`.
    static func start(before server: BeanstalkdServer) async throws -> ReleaseBuryingProxy {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { client in
                ClientBootstrap(group: client.eventLoop)
                    .connect(host: server.host, port: server.port)
                    .flatMapThrowing { upstream in
                        try client.pipeline.syncOperations.addHandlers([
                            ByteToMessageHandler(ReleaseRewriter()), Relay(to: upstream),
                        ])
                        try upstream.pipeline.syncOperations.addHandler(Relay(to: client))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ReleaseBuryingProxy(listener: listener, port: try #require(listener.localAddress?.port))
    }

    /// Stops listening; open connections stay until their peers close them.
    func close() async {
        try? await listener.close()
    }
}

/// Passes every command through unchanged (a put with its body), except `release <id> <pri> <delay>`,
/// which becomes `bury <id> <pri>`.
private struct ReleaseRewriter: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        let lineLength = newline - view.startIndex + 1
        let words = String(decoding: view.prefix(lineLength - 2), as: UTF8.self).split(separator: " ")
        var length = lineLength
        if words.first == "put", let size = words.last.flatMap({ Int($0) }) { length += size + 2 }
        guard buffer.readableBytes >= length else { return .needMoreData }
        var command = buffer.readSlice(length: length)!
        if words.first == "release", words.count == 4 {
            command = ByteBuffer(string: "bury \(words[1]) \(words[2])\r\n")
        }
        context.fireChannelRead(wrapInboundOut(command))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        .needMoreData
    }
}

/// Writes what one side reads to the other, and closes the other side with it.
private final class Relay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let peer: any Channel

    init(to peer: any Channel) {
        self.peer = peer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        peer.close(promise: nil)
        context.fireChannelInactive()
    }
}
