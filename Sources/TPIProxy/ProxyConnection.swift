import EnvisalinkTPI
import NIOCore

/// Serves one accepted proxy connection: its lines go to the hub, the hub's lines come back through
/// an outbox in order, each written (and flushed) before the next.
enum ProxyConnection {
    /// Serves `channel` until the client or the hub closes it, or the task is cancelled.
    static func serve(_ channel: LineChannel, hub: ProxyHub) async {
        let (outbox, continuation) = AsyncStream.makeStream(of: ProxyHub.Outgoing.self)
        let address = channel.channel.remoteAddress?.ipAddress ?? "unknown"
        guard let id = hub.connect(address: address, outbox: continuation) else {
            try? await channel.executeThenClose { _, _ in }
            return
        }
        let loginWindow = channel.channel.eventLoop.scheduleTask(in: TimeAmount(EVLFrames.loginWindow)) {
            hub.loginWindowEnded(for: id)
        }
        try? await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await item in outbox {
                        switch item {
                        case let .line(bytes): try await outbound.write(ByteBuffer(bytes: bytes))
                        case .close: return
                        }
                    }
                }
                group.addTask {
                    for try await line in inbound { hub.received(line, from: id) }
                }
                // Whichever ends first (the hub closes, the client hangs up) ends both.
                try await group.next()
                group.cancelAll()
            }
        }
        loginWindow.cancel()
        hub.disconnected(id)
    }
}
