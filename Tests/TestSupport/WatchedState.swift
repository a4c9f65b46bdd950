import Synchronization

/// A value guarded by a lock that async callers can wait on: ``wait(timeout:until:)`` suspends
/// until a predicate holds (checked after every ``update(_:)``) or the deadline passes.
///
/// The harness's threads (pipe readers, the process reaper) call ``update(_:)``; tests await.
final class WatchedState<State: Sendable>: Sendable {
    private struct Waiter: Sendable {
        /// Resumes the waiter and returns `true` when its predicate holds for the state.
        let resumeIfSatisfied: @Sendable (State) -> Bool
        /// Resumes the waiter with `nil`.
        let giveUp: @Sendable () -> Void
    }

    private struct Storage: Sendable {
        var state: State
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private let storage: Mutex<Storage>

    init(_ initial: State) {
        storage = Mutex(Storage(state: initial))
    }

    /// The current value.
    var current: State { storage.withLock { $0.state } }

    /// Changes the value under the lock, then wakes the waiters whose predicate now holds.
    @discardableResult
    func update<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        storage.withLock { storage in
            let result = body(&storage.state)
            let state = storage.state
            storage.waiters = storage.waiters.filter { !$0.value.resumeIfSatisfied(state) }
            return result
        }
    }

    /// The first non-`nil` result of `predicate` (checked now and after each update), or `nil`
    /// when `timeout` passes first or the task is cancelled.
    func wait<Result: Sendable>(
        timeout: Duration,
        until predicate: @escaping @Sendable (State) -> Result?
    ) async -> Result? {
        let id = storage.withLock { storage in
            storage.nextWaiterID += 1
            return storage.nextWaiterID
        }
        return await withTaskGroup(of: Result?.self) { group in
            group.addTask { await self.waitWithoutDeadline(id: id, predicate) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private func waitWithoutDeadline<Result: Sendable>(
        id: Int,
        _ predicate: @escaping @Sendable (State) -> Result?
    ) async -> Result? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
                let settled: Result?? = storage.withLock { storage in
                    if Task.isCancelled { return .some(nil) }
                    if let result = predicate(storage.state) { return .some(result) }
                    storage.waiters[id] = Waiter(
                        resumeIfSatisfied: { state in
                            guard let result = predicate(state) else { return false }
                            continuation.resume(returning: result)
                            return true
                        },
                        giveUp: { continuation.resume(returning: nil) }
                    )
                    return .none
                }
                if let settled { continuation.resume(returning: settled) }
            }
        } onCancel: {
            storage.withLock { $0.waiters.removeValue(forKey: id) }?.giveUp()
        }
    }
}
