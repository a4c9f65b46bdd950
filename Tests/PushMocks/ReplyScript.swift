import Synchronization

/// Scripted replies per device token, each used once, in order.
final class ReplyScript<Reply: Sendable>: Sendable {
    private let queues = Mutex<[String: [Reply]]>([:])

    /// Queues `replies` for `token`, after any still queued.
    func append(_ replies: [Reply], for token: String) {
        queues.withLock { $0[token, default: []].append(contentsOf: replies) }
    }

    /// The next reply for `token`, removed from the queue; `nil` when none is left.
    func next(for token: String) -> Reply? {
        queues.withLock { queues in
            guard var queue = queues[token], !queue.isEmpty else { return nil }
            let reply = queue.removeFirst()
            queues[token] = queue
            return reply
        }
    }
}
