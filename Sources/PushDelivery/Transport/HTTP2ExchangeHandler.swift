import Beanstalk
import NIOCore
import NIOHTTP2
import NIOSSL
import NIOTLS

/// Runs requests as streams of one HTTP/2 connection, below ``NIOHTTP2Handler``: each
/// ``ProviderExchange`` written becomes a HEADERS and a DATA frame on a new stream, and the frames
/// that come back complete its promise.
///
/// While several streams are open, writes are flushed once per event-loop turn, so the requests
/// of many concurrent senders share TLS records and system calls. A stream that has no reply by
/// its deadline is reset. After GOAWAY, the streams the server did not take fail (they are safe
/// to send again elsewhere), new ones are refused, and the connection closes once its last
/// stream has finished; a closed connection fails every open stream.
///
/// A connection that has read nothing for ``ProviderKeepAlive/pingInterval`` sends a PING; if
/// the acknowledgement does not come within ``ProviderKeepAlive/pingTimeout``, the connection is
/// dead: it stops taking requests, fails its streams, closes, and says so (`pingUnanswered`).
final class HTTP2ExchangeHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundIn = ProviderExchange
    typealias OutboundOut = HTTP2Frame

    /// The most of a reply body that is read; providers' error bodies are far smaller.
    static let replyBodyLimit = 64 * 1024
    /// Received bytes after which the connection's receive window is opened again.
    private static let windowUpdateThreshold = 32 * 1024

    private struct OpenStream {
        let reply: EventLoopPromise<ProviderReply>
        var partial = PartialReply()
        let timer: Scheduled<Void>
    }

    private var streams: [HTTP2StreamID: OpenStream] = [:]
    private var nextStreamID = HTTP2StreamID(1)
    private var unacknowledgedBytes = 0
    private let turnFlush = TurnFlush()
    private var refusal: PushTransportError?
    /// Whether the server sent GOAWAY: the connection closes when its last stream has finished.
    private var goneAway = false
    /// When a frame last arrived.
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    private var idleCheck: Scheduled<Void>?
    private var unansweredPing: (data: HTTP2PingData, timeout: Scheduled<Void>)?
    private var pingsSent: UInt64 = 0
    private let origin: ProviderURL.Origin
    private let ready: EventLoopPromise<Void>
    private let keepAlive: ProviderKeepAlive
    private let goingAway: @Sendable () -> Void
    private let pingUnanswered: @Sendable () -> Void

    /// - Parameters:
    ///   - origin: Where the connection goes, for error messages.
    ///   - ready: Succeeds when the connection can carry requests (TLS done, `h2` agreed).
    ///   - keepAlive: When to PING a quiet connection, and how long to wait for the answer.
    ///   - goingAway: Called once when the connection stops taking new requests.
    ///   - pingUnanswered: Called when a PING went unanswered and the connection was closed.
    init(
        origin: ProviderURL.Origin, ready: EventLoopPromise<Void>, keepAlive: ProviderKeepAlive = ProviderKeepAlive(),
        goingAway: @escaping @Sendable () -> Void, pingUnanswered: @escaping @Sendable () -> Void = {}
    ) {
        self.origin = origin
        self.ready = ready
        self.keepAlive = keepAlive
        self.goingAway = goingAway
        self.pingUnanswered = pingUnanswered
    }

    func channelActive(context: ChannelHandlerContext) {
        if !origin.isSecure { becomeReady(context: context) }
        context.fireChannelActive()
    }

    /// The connection can carry requests: says so, and starts the keep-alive checks (not before:
    /// a slow TLS handshake is the connect timeout's business).
    private func becomeReady(context: ChannelHandlerContext) {
        ready.succeed()
        lastRead = context.eventLoop.now
        scheduleIdleCheck(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted(let negotiated) = event {
            if negotiated == "h2" {
                becomeReady(context: context)
            } else {
                let error = PushTransportError(
                    code: .connectionFailed, message: "\(origin) does not speak HTTP/2 (ALPN gave \(negotiated ?? "nothing"))")
                ready.fail(error)
                refuse(error)
                context.close(promise: nil)
            }
        } else if let closed = event as? StreamClosedEvent, let reason = closed.reason {
            fail(closed.streamID, PushTransportError(
                code: .connectionFailed, message: "\(origin) reset the stream (\(reason))"))
            closeIfDrained(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        if let refusal {
            exchange.reply.fail(refusal)
            promise?.succeed()
            return
        }
        let streamID = nextStreamID
        nextStreamID = nextStreamID.advanced(by: 2)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let timer = context.eventLoop.scheduleTask(deadline: exchange.deadline) {
            let (handler, context) = loopBound.value
            handler.timeOut(streamID, context: context)
        }
        streams[streamID] = OpenStream(reply: exchange.reply, timer: timer)
        let headers = HTTP2Frame.FramePayload.Headers(headers: exchange.headerBlock, endStream: exchange.body.isEmpty)
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { error in
            let (handler, _) = loopBound.value
            handler.fail(streamID, PushTransportError(
                code: .connectionFailed, message: "cannot send to \(handler.origin): \(error)"))
        }
        if exchange.body.isEmpty {
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .headers(headers))), promise: written)
        } else {
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .headers(headers))), promise: nil)
            let body = context.channel.allocator.buffer(bytes: exchange.body)
            let data = HTTP2Frame.FramePayload.Data(data: .byteBuffer(body), endStream: true)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .data(data))), promise: written)
        }
        promise?.succeed()
    }

    /// Flushes a lone request at once, and concurrent ones at the end of this event-loop turn,
    /// together.
    func flush(context: ChannelHandlerContext) {
        turnFlush.flush(context, now: streams.count <= 1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        lastRead = context.eventLoop.now
        defer { closeIfDrained(context: context) }
        switch frame.payload {
        case .headers(let headers):
            streams[frame.streamID]?.partial.receive(headers.headers)
            if headers.endStream { finish(frame.streamID) }
        case .data(let data):
            receive(data, on: frame.streamID, context: context)
        case .rstStream(let code):
            fail(frame.streamID, PushTransportError(
                code: .connectionFailed, message: "\(origin) reset the stream (\(code))"))
        case .goAway(let lastStreamID, let code, _):
            let error = PushTransportError(
                code: .connectionFailed, message: "\(origin) sent GOAWAY (\(code)) before answering")
            refuse(error)
            goneAway = true
            for streamID in streams.keys where streamID > lastStreamID {
                fail(streamID, error)
            }
        case .ping(let data, ack: true):
            guard let ping = unansweredPing, ping.data == data else { return }
            ping.timeout.cancel()
            unansweredPing = nil
            scheduleIdleCheck(context: context)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let streamError = error as? NIOHTTP2Errors.StreamError {
            fail(streamError.streamID, PushTransportError(
                code: .connectionFailed, message: "stream to \(origin) failed: \(streamError.baseError)"))
            closeIfDrained(context: context)
            return
        }
        let failure = PushTransportError(code: .connectionFailed, message: "connection to \(origin) failed: \(error)")
        ready.fail(failure)
        refuse(failure)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let error = PushTransportError(code: .connectionFailed, message: "\(origin) closed the connection before answering")
        ready.fail(error)
        refuse(error)
        for streamID in streams.keys { fail(streamID, error) }
        idleCheck?.cancel()
        unansweredPing?.timeout.cancel()
        unansweredPing = nil
        context.fireChannelInactive()
    }

    /// Checks for quiet once ``ProviderKeepAlive/pingInterval`` after the last frame read.
    private func scheduleIdleCheck(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleTask(deadline: lastRead + TimeAmount(keepAlive.pingInterval)) {
            let (handler, context) = loopBound.value
            handler.checkIdle(context: context)
        }
    }

    /// PINGs the connection if it has been quiet for the interval; otherwise checks again later.
    private func checkIdle(context: ChannelHandlerContext) {
        guard context.channel.isActive, unansweredPing == nil else { return }
        guard lastRead + TimeAmount(keepAlive.pingInterval) <= context.eventLoop.now else {
            scheduleIdleCheck(context: context)
            return
        }
        pingsSent += 1
        let data = HTTP2PingData(withInteger: pingsSent)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let timeout = context.eventLoop.scheduleTask(in: TimeAmount(keepAlive.pingTimeout)) {
            let (handler, context) = loopBound.value
            handler.pingTimedOut(context: context)
        }
        unansweredPing = (data, timeout)
        context.write(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .ping(data, ack: false))), promise: nil)
        flush(context: context)
    }

    /// No acknowledgement of the PING in time: the connection is dead, though nothing said so.
    private func pingTimedOut(context: ChannelHandlerContext) {
        unansweredPing = nil
        let error = PushTransportError(
            code: .connectionFailed, message: "\(origin) did not answer a PING within \(keepAlive.pingTimeout)")
        refuse(error)
        for streamID in streams.keys { fail(streamID, error) }
        context.close(promise: nil)
        pingUnanswered()
    }

    /// After GOAWAY, closes the connection once no stream is left.
    private func closeIfDrained(context: ChannelHandlerContext) {
        if goneAway, streams.isEmpty, context.channel.isActive { context.close(promise: nil) }
    }

    private func receive(_ data: HTTP2Frame.FramePayload.Data, on streamID: HTTP2StreamID, context: ChannelHandlerContext) {
        guard case .byteBuffer(let buffer) = data.data else { return }
        openWindow(consumed: buffer.readableBytes + (data.paddingBytes ?? 0), context: context)
        guard var stream = streams[streamID] else { return }
        guard stream.partial.body.count + buffer.readableBytes <= Self.replyBodyLimit else {
            fail(streamID, PushTransportError(
                code: .connectionFailed, message: "\(origin) sent a reply larger than \(Self.replyBodyLimit) bytes"))
            context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .rstStream(.cancel))), promise: nil)
            return
        }
        stream.partial.body.append(contentsOf: buffer.readableBytesView)
        streams[streamID] = stream
        if data.endStream { finish(streamID) }
    }

    /// Gives the server back the connection-level window its DATA frames used.
    private func openWindow(consumed: Int, context: ChannelHandlerContext) {
        unacknowledgedBytes += consumed
        guard unacknowledgedBytes >= Self.windowUpdateThreshold else { return }
        let update = HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledgedBytes))
        unacknowledgedBytes = 0
        context.write(wrapOutboundOut(update), promise: nil)
        flush(context: context)
    }

    private func finish(_ streamID: HTTP2StreamID) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        stream.timer.cancel()
        if let reply = stream.partial.reply {
            stream.reply.succeed(reply)
        } else {
            stream.reply.fail(PushTransportError(
                code: .connectionFailed, message: "\(origin) ended the stream without a status"))
        }
    }

    private func fail(_ streamID: HTTP2StreamID, _ error: PushTransportError) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        stream.timer.cancel()
        stream.reply.fail(error)
    }

    private func timeOut(_ streamID: HTTP2StreamID, context: ChannelHandlerContext) {
        guard streams[streamID] != nil else { return }
        fail(streamID, PushTransportError(code: .timedOut, message: "no reply from \(origin) in time"))
        context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .rstStream(.cancel))), promise: nil)
        flush(context: context)
        closeIfDrained(context: context)
    }

    /// Stops taking requests: later writes fail with `error` at once.
    private func refuse(_ error: PushTransportError) {
        guard refusal == nil else { return }
        refusal = error
        goingAway()
    }
}
