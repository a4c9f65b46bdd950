import NIOCore
import NIOHTTP1
import NIOTLS

/// Runs requests one after another on an HTTP/1.1 connection, for push services that do not
/// speak HTTP/2: each ``ProviderExchange`` written waits for the one before it (no pipelining),
/// then goes out as a request head, body and end, and the response parts complete its promise.
///
/// HTTP/1.1 cannot abandon one request, so a reply late past its deadline closes the
/// connection: that request times out, the waiting ones fail as passing failures (sent again
/// on a fresh connection). A `Connection: close` reply, or a closed connection, makes it take
/// no more requests.
final class HTTP1ExchangeHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = ProviderExchange
    typealias OutboundOut = HTTPClientRequestPart

    private struct Running {
        let exchange: ProviderExchange
        var partial = PartialReply()
        let timer: Scheduled<Void>
        var closesAfter = false
    }

    private var waiting: [ProviderExchange] = []
    private var running: Running?
    private var refusal: PushTransportError?
    private let origin: ProviderURL.Origin
    private let ready: EventLoopPromise<Void>
    private let goingAway: @Sendable () -> Void

    /// - Parameters:
    ///   - origin: Where the connection goes, for error messages.
    ///   - ready: Succeeds when the TLS handshake is done.
    ///   - goingAway: Called once when the connection stops taking new requests.
    init(origin: ProviderURL.Origin, ready: EventLoopPromise<Void>, goingAway: @escaping @Sendable () -> Void) {
        self.origin = origin
        self.ready = ready
        self.goingAway = goingAway
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted(_) = event { ready.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        promise?.succeed()
        if let refusal {
            exchange.reply.fail(refusal)
            return
        }
        waiting.append(exchange)
        startNext(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard var current = running else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard !(100..<200).contains(Int(head.status.code)) else { return }
            current.partial.status = Int(head.status.code)
            current.partial.headerFields = head.headers.map { ProviderReply.HeaderField(name: $0.name, value: $0.value) }
            current.closesAfter = !head.isKeepAlive
            running = current
        case .body(let buffer):
            guard current.partial.body.count + buffer.readableBytes <= HTTP2ExchangeHandler.replyBodyLimit else {
                shutDown(
                    PushTransportError(
                        code: .connectionFailed,
                        message: "\(origin) sent a reply larger than \(HTTP2ExchangeHandler.replyBodyLimit) bytes"),
                    context: context)
                return
            }
            current.partial.body.append(contentsOf: buffer.readableBytesView)
            running = current
        case .end:
            running = nil
            current.timer.cancel()
            if let reply = current.partial.reply {
                current.exchange.reply.succeed(reply)
            } else {
                current.exchange.reply.fail(
                    PushTransportError(code: .connectionFailed, message: "\(origin) ended a reply without a status"))
            }
            if current.closesAfter {
                shutDown(
                    PushTransportError(code: .connectionFailed, message: "\(origin) closed the connection"), context: context)
            } else {
                startNext(context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let failure = PushTransportError(code: .connectionFailed, message: "connection to \(origin) failed: \(error)")
        ready.fail(failure)
        shutDown(failure, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let error = PushTransportError(code: .connectionFailed, message: "\(origin) closed the connection before answering")
        ready.fail(error)
        failAll(error)
        context.fireChannelInactive()
    }

    /// Sends the next waiting request when none is running.
    private func startNext(context: ChannelHandlerContext) {
        guard running == nil, !waiting.isEmpty else { return }
        let exchange = waiting.removeFirst()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let timer = context.eventLoop.scheduleTask(deadline: exchange.deadline) {
            let (handler, context) = loopBound.value
            handler.shutDown(PushTransportError(code: .timedOut, message: "no reply from \(handler.origin) in time"), context: context)
        }
        running = Running(exchange: exchange, timer: timer)
        var headers = HTTPHeaders([("host", exchange.url.authority)])
        for field in exchange.headerFields { headers.add(name: field.name, value: field.value) }
        headers.add(name: "content-length", value: String(exchange.body.count))
        let head = HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: exchange.method), uri: exchange.url.path, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !exchange.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: exchange.body)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Takes no more requests, fails the running and waiting ones with `error` (the running one
    /// with it, the waiting ones as connection failures), and closes the connection.
    private func shutDown(_ error: PushTransportError, context: ChannelHandlerContext) {
        failAll(error)
        context.close(promise: nil)
    }

    private func failAll(_ error: PushTransportError) {
        if refusal == nil {
            refusal = PushTransportError(code: .connectionFailed, message: "the connection to \(origin) is closed")
            goingAway()
        }
        if let current = running {
            running = nil
            current.timer.cancel()
            current.exchange.reply.fail(error)
        }
        let queued = waiting
        waiting = []
        for exchange in queued { exchange.reply.fail(refusal ?? error) }
    }
}
