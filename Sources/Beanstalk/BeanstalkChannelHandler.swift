import Logging
import NIOCore

/// A command on its way to the server, with the promise its reply completes.
struct BeanstalkRequest {
    let command: BeanstalkCommand
    /// Completed by the reply; `nil` only for `quit`, which gets none.
    let promise: EventLoopPromise<BeanstalkReply>?
    /// When the caller stops waiting; `nil` for a blocking reserve.
    let timeout: TimeAmount?
}

/// Writes commands and matches replies to them in FIFO order.
///
/// Replies carry no correlation id, so a request whose reply does not fit, a reply
/// after `EXPECTED_CRLF`, or a request that times out leaves the stream untrustworthy:
/// every outstanding request fails and the connection closes.
final class BeanstalkChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = BeanstalkReply
    typealias OutboundIn = BeanstalkRequest
    typealias OutboundOut = ByteBuffer

    private struct Pending {
        let command: BeanstalkCommand
        let promise: EventLoopPromise<BeanstalkReply>
        let deadline: NIODeadline
    }

    private var pending = CircularBuffer<Pending>(initialCapacity: 16)
    private var closedError: BeanstalkError?
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture
    private let turnFlush = TurnFlush()
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        if let closedError {
            request.promise?.fail(closedError)
            promise?.fail(closedError)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: request.command.estimatedSize)
        request.command.encode(into: &buffer)
        guard let replyPromise = request.promise else {
            // `quit` gets no reply: the server closes the connection.
            closedError = BeanstalkError(.connectionClosed, "connection closed by quit")
            context.write(wrapOutboundOut(buffer), promise: promise)
            return
        }
        // A reply cannot overtake the ones before it, so deadlines are kept monotone:
        // the head of the queue always holds the earliest one.
        var deadline = request.timeout.map { context.eventLoop.now + $0 } ?? .distantFuture
        if let last = pending.last, last.deadline > deadline { deadline = last.deadline }
        pending.append(Pending(command: request.command, promise: replyPromise, deadline: deadline))
        armTimer(context: context, for: pending.first!.deadline)
        logger.trace("beanstalkd command", metadata: ["command": "\(request.command.verb)"])
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    /// Flushes a lone command at once, and pipelined ones at the end of this event-loop turn,
    /// together.
    func flush(context: ChannelHandlerContext) {
        turnFlush.flush(context, now: pending.count <= 1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let reply = unwrapInboundIn(data)
        guard let head = pending.popFirst() else {
            failAll(context: context, BeanstalkError(.protocolViolation, "reply with no command outstanding"))
            return
        }
        guard head.command.accepts(reply) else {
            let error = BeanstalkError(.protocolViolation, "unexpected reply to \(head.command.verb)")
            head.promise.fail(error)
            failAll(context: context, error)
            return
        }
        if case .expectedCRLF = reply {
            let error = BeanstalkError(.expectedCRLF, "beanstalkd expected CRLF after the job body; connection closed")
            head.promise.fail(error)
            failAll(context: context, error)
            return
        }
        head.promise.succeed(reply)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let failure = (error as? BeanstalkError)
            ?? BeanstalkError(.connectionClosed, "connection failed: \(error)")
        logger.debug("beanstalkd connection error", metadata: ["error": "\(failure)"])
        failAll(context: context, failure)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let error = closedError ?? BeanstalkError(.connectionClosed, "connection closed by beanstalkd")
        closedError = error
        timer?.cancel()
        while let request = pending.popFirst() {
            request.promise.fail(error)
        }
        context.fireChannelInactive()
    }

    /// Fails every outstanding request and closes the channel.
    private func failAll(context: ChannelHandlerContext, _ error: BeanstalkError) {
        if closedError == nil { closedError = error }
        timer?.cancel()
        while let request = pending.popFirst() {
            request.promise.fail(error)
        }
        context.close(promise: nil)
    }

    /// Keeps one timer for the head's deadline; when it fires early it re-arms itself.
    private func armTimer(context: ChannelHandlerContext, for deadline: NIODeadline) {
        guard timer == nil || deadline < timerDeadline, deadline != .distantFuture else { return }
        timer?.cancel()
        timerDeadline = deadline
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timerFired(context: context)
        }
    }

    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        guard let head = pending.first else { return }
        if head.deadline <= context.eventLoop.now {
            let error = BeanstalkError(.commandTimedOut, "no reply to \(head.command.verb) in time; connection closed")
            logger.warning("beanstalkd command timed out", metadata: ["command": "\(head.command.verb)"])
            failAll(context: context, error)
        } else {
            armTimer(context: context, for: head.deadline)
        }
    }
}
