/// The result of `operation`, or `nil` when `deadline` passes first; the operation is then
/// cancelled. Without a deadline, simply the result of `operation`.
func withDeadline<Result: Sendable>(
    _ deadline: ContinuousClock.Instant?,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result? {
    guard let deadline else { return try await operation() }
    return try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}
