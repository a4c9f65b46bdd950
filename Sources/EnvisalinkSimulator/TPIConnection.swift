import EnvisalinkTPI
import NIOCore

/// Serves one accepted TPI connection: its lines go to the simulator, the simulator's lines
/// come back through an outbox in order, each written (and flushed) before the next.
enum TPIConnection {
    /// Serves `channel` until the client or the simulator closes it, or the task is cancelled.
    static func serve(_ channel: LineChannel, simulator: Simulator) async {
        let (outbox, continuation) = AsyncStream.makeStream(of: Simulator.Outgoing.self)
        guard let id = await simulator.accept(outbox: continuation) else {
            // One client at a time: a second connection is closed at once, unanswered.
            try? await channel.executeThenClose { _, _ in }
            return
        }
        try? await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await item in outbox {
                        switch item {
                        case .write(let bytes, nil):
                            try await outbound.write(ByteBuffer(bytes: bytes))
                        case .write(let bytes, let pause?):
                            let half = bytes.count / 2
                            try await outbound.write(ByteBuffer(bytes: bytes[..<half]))
                            try await Task.sleep(for: pause)
                            try await outbound.write(ByteBuffer(bytes: bytes[half...]))
                        case .close:
                            return
                        }
                    }
                }
                group.addTask {
                    for try await line in inbound {
                        await simulator.received(line, from: id)
                    }
                }
                // Whichever ends first (the simulator closes, the client hangs up) ends both.
                try await group.next()
                group.cancelAll()
            }
        }
        await simulator.disconnected(id)
    }
}
