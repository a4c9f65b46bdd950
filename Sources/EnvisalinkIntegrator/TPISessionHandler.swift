import EnvisalinkTPI
import Logging
import NIOCore

/// Drives a ``TPISessionStateMachine`` on a channel: feeds it lines and timer firings,
/// and carries out its actions (send, timers, reports, close). Runs on the event loop only.
final class TPISessionHandler: ChannelInboundHandler {
    typealias InboundIn = TPILine
    typealias OutboundOut = TPIFrame

    private var machine: TPISessionStateMachine
    private var timers: [TPISessionStateMachine.Timer: Scheduled<Void>] = [:]
    private var pending: [(ticket: CommandTicket, promise: EventLoopPromise<CommandResult>)] = []
    private var context: ChannelHandlerContext?
    private let report: @Sendable (TPISessionStateMachine.Report) -> Void
    private let logger: Logger

    init(machine: TPISessionStateMachine, logger: Logger, report: @escaping @Sendable (TPISessionStateMachine.Report) -> Void) {
        self.machine = machine
        self.logger = logger
        self.report = report
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(machine.connected(), context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        if case let .frame(frame) = line {
            logger.trace("panel frame received", metadata: ["tpi": "\(frame.redacted)"])
        }
        perform(machine.received(line, now: .now), context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(machine.disconnected(reason: "connection closed"), context: context)
        failPending(.linkLost("connection closed"))
        self.context = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.warning("panel connection error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    /// Queues a command; the promise completes when the panel acknowledged or refused it.
    func submit(_ ticket: CommandTicket, promise: EventLoopPromise<CommandResult>) {
        guard let context else {
            promise.succeed(.failed(.linkLost("the panel link is not up")))
            return
        }
        pending.append((ticket, promise))
        perform(machine.submit(ticket, now: .now), context: context)
    }

    private func perform(_ actions: [TPISessionStateMachine.Action], context: ChannelHandlerContext) {
        for action in actions {
            switch action {
            case let .send(frame):
                logger.debug("panel command sent", metadata: ["tpi": "\(frame.redacted)"])
                context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
            case let .startTimer(timer, delay):
                timers[timer]?.cancel()
                let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                timers[timer] = context.eventLoop.scheduleTask(in: TimeAmount(delay)) {
                    let (handler, context) = bound.value
                    handler.timers[timer] = nil
                    handler.perform(handler.machine.timerFired(timer, now: .now), context: context)
                }
            case let .cancelTimer(timer):
                timers.removeValue(forKey: timer)?.cancel()
            case let .report(report):
                if case let .commandFinished(ticket, result) = report, ticket.id != nil {
                    complete(ticket, result)
                }
                self.report(report)
            case let .close(reason):
                logger.warning("closing the panel link", metadata: ["reason": "\(reason)"])
                self.report(.protocolProblem(reason))
                context.close(promise: nil)
            }
        }
    }

    private func complete(_ ticket: CommandTicket, _ result: CommandResult) {
        guard let index = pending.firstIndex(where: { $0.ticket == ticket }) else { return }
        pending.remove(at: index).promise.succeed(result)
    }

    private func failPending(_ failure: CommandFailure) {
        for entry in pending { entry.promise.succeed(.failed(failure)) }
        pending.removeAll()
    }
}
