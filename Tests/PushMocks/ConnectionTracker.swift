import NIOCore
import Synchronization

/// The connections a server accepted: how many so far, and the open ones, which it asks to
/// quiesce when it stops.
final class ConnectionTracker: Sendable {
    private struct State {
        var accepted = 0
        var open: [ObjectIdentifier: any Channel] = [:]
        var frozen: [any Channel] = []
    }

    private let state = Mutex(State())

    /// The number of connections accepted so far.
    var acceptedCount: Int { state.withLock { $0.accepted } }

    /// Whether `channel` is a connection (HTTP/1.1 requests arrive on it) rather than an HTTP/2
    /// stream.
    func isConnection(_ channel: any Channel) -> Bool {
        state.withLock { $0.open[ObjectIdentifier(channel)] != nil }
    }

    /// Counts `channel` and tracks it until it closes.
    func accepted(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLock { state in
            state.accepted += 1
            state.open[id] = channel
        }
        channel.closeFuture.whenComplete { _ in
            self.state.withLock { _ = $0.open.removeValue(forKey: id) }
        }
    }

    /// The connections open now.
    var openCount: Int { state.withLock { $0.open.count } }

    /// Stops reading from every open connection, as when a NAT forgets them: nothing sent on them
    /// is answered any more (not even PINGs), and nothing tells the client. Later connections work.
    func freezeAll() {
        let channels = state.withLock { state in
            state.frozen.append(contentsOf: state.open.values)
            return Array(state.open.values)
        }
        for channel in channels { channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    /// Closes the frozen connections, which could not finish on their own.
    func closeFrozen() {
        for channel in state.withLock({ state in defer { state.frozen = [] }; return state.frozen }) {
            channel.close(promise: nil)
        }
    }

    /// Asks every open connection to finish its requests and close: HTTP/2 sends GOAWAY, HTTP/1.1
    /// closes once idle.
    func quiesceAll() {
        for channel in state.withLock({ Array($0.open.values) }) {
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }
}

/// Sits first in a server channel's pipeline and reports each accepted connection.
final class AcceptedConnectionHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel

    private let tracker: ConnectionTracker

    init(tracker: ConnectionTracker) {
        self.tracker = tracker
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        tracker.accepted(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
