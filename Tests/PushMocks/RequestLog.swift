import Synchronization

/// The requests a mock recorded, in arrival order, and the tests waiting for some number of them.
final class RequestLog<Entry: Sendable>: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<[Entry], any Error>
    }

    private struct State {
        var entries: [Entry] = []
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    /// Names the mock in timeout errors.
    private let server: String
    private let state = Mutex(State())

    init(server: String) {
        self.server = server
    }

    /// Every entry so far.
    var entries: [Entry] { state.withLock { $0.entries } }

    /// Records `entry` and wakes the waiters that now have enough.
    func append(_ entry: Entry) {
        let (satisfied, entries) = state.withLock { state in
            state.entries.append(entry)
            let satisfied = state.waiters.filter { $0.value.count <= state.entries.count }
            for id in satisfied.keys { state.waiters[id] = nil }
            return (satisfied.values, state.entries)
        }
        for waiter in satisfied { waiter.continuation.resume(returning: entries) }
    }

    /// All entries once there are at least `count`; throws
    /// ``MockServerError/timedOut(server:expected:received:timeout:)`` when `timeout` passes first.
    func wait(count: Int, timeout: Duration) async throws -> [Entry] {
        try await withThrowingTaskGroup(of: [Entry].self) { group in
            group.addTask { try await self.arrival(of: count) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw MockServerError.timedOut(
                    server: self.server, expected: count, received: self.entries.count, timeout: timeout)
            }
            defer { group.cancelAll() }
            guard let entries = try await group.next() else { throw CancellationError() }
            return entries
        }
    }

    /// Suspends until there are `count` entries (no deadline), or throws when cancelled.
    private func arrival(of count: Int) async throws -> [Entry] {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let settled: Result<[Entry], any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.entries.count >= count { return .success(state.entries) }
                    state.waiters[id] = Waiter(count: count, continuation: continuation)
                    return nil
                }
                if let settled { continuation.resume(with: settled) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }
}
