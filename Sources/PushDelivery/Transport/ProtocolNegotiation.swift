import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOTLS

/// Sets a connection up for the protocol TLS agreed on (ALPN): HTTP/2 for `h2`, HTTP/1.1 for
/// `http/1.1` or no answer. It adds the protocol's handlers behind itself when the handshake
/// completes, passes the handshake on to them (which makes the connection ready), and leaves.
final class ProtocolNegotiation: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let http2: (ChannelPipeline.SynchronousOperations) throws -> Void
    private let http1: (ChannelPipeline.SynchronousOperations) throws -> Void

    /// - Parameters:
    ///   - http2: Adds the HTTP/2 handlers.
    ///   - http1: Adds the HTTP/1.1 handlers.
    init(
        http2: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void,
        http1: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void
    ) {
        self.http2 = http2
        self.http1 = http1
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case TLSUserEvent.handshakeCompleted(let negotiated) = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        do {
            let pipeline = context.pipeline.syncOperations
            if negotiated == "h2" { try http2(pipeline) } else { try http1(pipeline) }
        } catch {
            context.fireErrorCaught(error)
            return
        }
        context.fireUserInboundEventTriggered(event)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
