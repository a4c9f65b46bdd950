#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// Stopping daemons the way a supervisor does (SIGTERM) and checking they exit cleanly in time.
enum ShutdownCheck {
    /// The longest a daemon may take to exit after SIGTERM.
    static let limit = Duration.seconds(10)

    /// Sends SIGTERM to every process at once; expects each to exit with status 0 within ``limit``.
    /// Returns the longest time one took.
    @discardableResult
    static func stopAll(_ processes: [ChildProcess]) async throws -> Duration {
        let start = ContinuousClock.now
        for process in processes { process.signal(SIGTERM) }
        var longest = Duration.zero
        for process in processes {
            let status = try await process.waitForExit(timeout: limit + .seconds(2))
            longest = max(longest, .now - start)
            #expect(status == .exited(0), "\(process.commandLine) ended with \(status)\n\(process.report)")
        }
        #expect(longest <= limit, "a daemon took \(longest) to exit after SIGTERM")
        return longest
    }
}
