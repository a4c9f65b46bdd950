import NIOCore
import NIOHTTP1

/// One connection of the metrics listener: reads one request, answers it with the reply its
/// head decides (a body is refused, never read), and closes the connection. An idle
/// connection is closed.
final class MetricsHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let reply: @Sendable (MetricsRoute) -> MetricsReply
    private var route: MetricsRoute?
    private var answered = false

    /// A handler answering each route with `reply`.
    init(reply: @escaping @Sendable (MetricsRoute) -> MetricsReply) {
        self.reply = reply
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let route = MetricsRoute(head)
            self.route = route
            if route == .bodyRefused { answer(.bodyRefused, context: context) }
        case .body:
            answer(.bodyRefused, context: context)
        case .end:
            answer(route ?? .notFound, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Writes the reply to `route` once, then closes the connection.
    private func answer(_ route: MetricsRoute, context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let reply = reply(route)
        context.write(wrapOutboundOut(.head(reply.head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
