/// Waits until `condition` holds, checking it every 20 ms; after `timeout` throws
/// ``TestSupportError/Code/timedOut`` naming `description`. For conditions no event announces
/// (a file's contents, a tube's counts); prefer awaiting the event itself where there is one.
public func waitUntil(
    _ description: String,
    timeout: Duration = .seconds(15),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            throw TestSupportError(.timedOut, "timed out after \(timeout) waiting for \(description)")
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}
