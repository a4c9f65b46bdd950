public import NIOCore

/// Flushes a channel at most once per event-loop turn, however many writes the turn made: what
/// lets the pipelined or multiplexed requests of many concurrent callers leave in one system
/// call instead of one each.
///
/// A channel handler keeps one and calls ``flush(_:now:)`` from its own `flush(context:)`. Use
/// it on the channel's event loop only.
public final class TurnFlush {
    private var isScheduled = false

    public init() {}

    /// Flushes `context` at once when `now` (a lone request gains nothing from waiting),
    /// otherwise at the end of this event-loop turn, once for every call made in it.
    public func flush(_ context: ChannelHandlerContext, now: Bool) {
        if now { return context.flush() }
        guard !isScheduled else { return }
        isScheduled = true
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let (turnFlush, context) = loopBound.value
            turnFlush.isScheduled = false
            context.flush()
        }
    }
}
