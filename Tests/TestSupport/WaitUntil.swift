/// Returns once `condition` holds, checking it every 20 ms; throws
/// ``TestSupportError/Code/timedOut`` naming `description` when `timeout` passes first.
///
/// For conditions nothing announces, such as a job's state in beanstalkd or a file a child
/// process writes.
public func waitUntil(
    _ description: String,
    timeout: Duration = .seconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            throw TestSupportError(.timedOut, "timed out after \(timeout) waiting until \(description)")
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}
