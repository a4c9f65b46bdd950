import Logging
import NIOCore

/// A command on its way to the server, with the promise its reply completes.
struct BeanstalkRequest {
    let command: BeanstalkCommand
    /// For a command that acts on the used tube (``BeanstalkCommand/actsOnUsedTube``): the tube it
    /// must act on, or `nil` for the tube chosen by the connection's last `use` (`default` at first).
    let tube: TubeName?
    /// Completed by the reply; `nil` only for `quit`, which gets none.
    let promise: EventLoopPromise<BeanstalkReply>?
    /// When the caller stops waiting; `nil` for a blocking reserve.
    let timeout: TimeAmount?

    init(command: BeanstalkCommand, tube: TubeName? = nil, promise: EventLoopPromise<BeanstalkReply>?, timeout: TimeAmount?) {
        self.command = command
        self.tube = tube
        self.promise = promise
        self.timeout = timeout
    }
}

/// Writes commands and matches replies to them in FIFO order.
///
/// Each `write` carries a list of requests that go out in one buffer, in order: nothing another
/// caller writes can land between them. The handler alone decides which tube the server uses:
/// before a command that acts on the used tube it writes the `use` that command needs, unless the
/// server already uses that tube, so no caller depends on what another caller's commands left.
///
/// Replies carry no correlation id, so a request whose reply does not fit (a `use` answered
/// with anything but `USING` and its own tube among them), a reply after `EXPECTED_CRLF`, or a
/// request that times out leaves the stream untrustworthy: every outstanding request fails and
/// the connection closes.
final class BeanstalkChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = BeanstalkReply
    typealias OutboundIn = [BeanstalkRequest]
    typealias OutboundOut = ByteBuffer

    private struct Pending {
        let command: BeanstalkCommand
        /// `nil` for a `use` the handler wrote itself.
        let promise: EventLoopPromise<BeanstalkReply>?
        let deadline: NIODeadline
    }

    private var pending = CircularBuffer<Pending>(initialCapacity: 16)
    /// The tube the server will be using once it has read everything written so far.
    private var serverTube = TubeName.default
    /// The tube of the last `use` a caller sent: where commands without a tube of their own act.
    private var chosenTube = TubeName.default
    /// Whether nothing was outstanding when the latest write came: such a write is flushed at once.
    private var latestWriteFoundIdle = true
    private var closedError: BeanstalkError?
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture
    private let turnFlush = TurnFlush()
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let requests = unwrapOutboundIn(data)
        if let closedError {
            for request in requests { request.promise?.fail(closedError) }
            promise?.fail(closedError)
            return
        }
        latestWriteFoundIdle = pending.isEmpty
        var buffer = context.channel.allocator.buffer(
            capacity: requests.reduce(0) { size, request in
                size + request.command.estimatedSize + (request.command.actsOnUsedTube ? BeanstalkCommand.useSize : 0)
            })
        for request in requests {
            append(request, to: &buffer, now: context.eventLoop.now)
        }
        if let head = pending.first { armTimer(context: context, for: head.deadline) }
        context.write(wrapOutboundOut(buffer), promise: promise)
    }

    /// Encodes `request` into `buffer` — after the `use` it needs, if any — and queues its reply.
    private func append(_ request: BeanstalkRequest, to buffer: inout ByteBuffer, now: NIODeadline) {
        guard let replyPromise = request.promise else {
            // `quit` gets no reply: the server closes the connection.
            closedError = BeanstalkError(.connectionClosed, "connection closed by quit")
            request.command.encode(into: &buffer)
            return
        }
        // A reply cannot overtake the ones before it, so deadlines are kept monotone:
        // the head of the queue always holds the earliest one.
        var deadline = request.timeout.map { now + $0 } ?? .distantFuture
        if let last = pending.last, last.deadline > deadline { deadline = last.deadline }
        if case let .use(tube) = request.command {
            chosenTube = tube
            serverTube = tube
        } else if request.command.actsOnUsedTube {
            let tube = request.tube ?? chosenTube
            if tube != serverTube {
                let use = BeanstalkCommand.use(tube)
                use.encode(into: &buffer)
                pending.append(Pending(command: use, promise: nil, deadline: deadline))
                serverTube = tube
            }
        }
        logger.trace("beanstalkd command", metadata: ["command": "\(request.command.verb)"])
        request.command.encode(into: &buffer)
        pending.append(Pending(command: request.command, promise: replyPromise, deadline: deadline))
    }

    /// Flushes a write that found nothing outstanding at once, and pipelined ones at the end of
    /// this event-loop turn, together.
    func flush(context: ChannelHandlerContext) {
        turnFlush.flush(context, now: latestWriteFoundIdle)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let reply = unwrapInboundIn(data)
        guard let head = pending.popFirst() else {
            failAll(context: context, BeanstalkError(.protocolViolation, "reply with no command outstanding"))
            return
        }
        guard head.command.accepts(reply) else {
            let error = BeanstalkError(.protocolViolation, "unexpected reply to \(head.command.summary); connection closed")
            head.promise?.fail(error)
            failAll(context: context, error)
            return
        }
        if case .expectedCRLF = reply {
            let error = BeanstalkError(.expectedCRLF, "beanstalkd expected CRLF after the job body; connection closed")
            head.promise?.fail(error)
            failAll(context: context, error)
            return
        }
        head.promise?.succeed(reply)
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
            request.promise?.fail(error)
        }
        context.fireChannelInactive()
    }

    /// Fails every outstanding request and closes the channel.
    private func failAll(context: ChannelHandlerContext, _ error: BeanstalkError) {
        if closedError == nil { closedError = error }
        timer?.cancel()
        while let request = pending.popFirst() {
            request.promise?.fail(error)
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
