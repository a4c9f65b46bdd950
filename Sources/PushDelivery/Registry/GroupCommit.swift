import Synchronization

/// Writes that many tasks ask for at once, done together: each batch takes every request
/// waiting when it starts, so concurrent requests share one transaction (a group commit)
/// instead of queueing for one each.
///
/// The first request to find no batch running starts one; the others wait for their results.
/// A batch that throws fails every request in it.
final class GroupCommit<Request: Sendable, Result: Sendable>: Sendable {
    private typealias Waiter = (request: Request, continuation: CheckedContinuation<Result, any Error>)
    private let state = Mutex<(waiting: [Waiter], isWriting: Bool)>(([], false))
    private let write: @Sendable ([Request]) async throws -> [Result]

    /// Commits with `write`, which returns one result per request, in order.
    init(write: @escaping @Sendable ([Request]) async throws -> [Result]) {
        self.write = write
    }

    /// Queues `request` for the next batch and returns its result once that batch is written.
    func submit(_ request: Request) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let startsBatch = state.withLock { state in
                state.waiting.append((request, continuation))
                defer { state.isWriting = true }
                return !state.isWriting
            }
            if startsBatch { Task { await self.drain() } }
        }
    }

    /// The requests waiting for the next batch.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Writes batches until nobody is waiting.
    private func drain() async {
        while let batch = nextBatch() {
            do {
                let results = try await write(batch.map(\.request))
                for (waiter, result) in zip(batch, results) { waiter.continuation.resume(returning: result) }
            } catch {
                for waiter in batch { waiter.continuation.resume(throwing: error) }
            }
        }
    }

    private func nextBatch() -> [Waiter]? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.isWriting = false
                return nil
            }
            defer { state.waiting = [] }
            return state.waiting
        }
    }
}
