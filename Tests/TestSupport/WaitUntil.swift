/// Waits until `condition` holds, checking every 20 ms, and throws
/// ``TestSupportError/Code/timedOut`` naming `description` when it does not within `timeout`.
///
/// For conditions no event announces (a row in a database, a job deleted on the server): the
/// deadline bounds the wait, and the test fails instead of hoping a sleep was long enough.
public func waitUntil(
    _ description: String, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw TestSupportError(.timedOut, "timed out after \(timeout) waiting for \(description)")
}
