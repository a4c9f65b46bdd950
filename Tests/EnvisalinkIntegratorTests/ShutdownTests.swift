import ServiceLifecycle
import Testing

/// How the integrator's services stop on SIGTERM (a graceful shutdown of their group).
@Suite("Integrator shutdown")
struct ShutdownTests {
    /// A service group stops its services in reverse order and counts one that returns before it
    /// was told to stop as a failure. The reporter reads the link's reports, which end when the
    /// link stops, one step before the reporter's turn: had it returned then, the daemon would
    /// exit 1 on SIGTERM whenever it came first (it did, 1 run in 100 to 200 with the panel
    /// dropping the link at the same moment). A service that is slow to stop between the two
    /// holds that moment open.
    @Test func theReporterWaitsForItsTurnAfterTheLinksReportsEnd() async throws {
        try await IntegratorHarness.run(arrange: { services in
            // [spool flusher, sequence monitor, reporter, link, commands]: between reporter and link.
            var services = services
            services.insert(SlowToStop(), at: 3)
            return services
        }) { harness in
            try await harness.waitForLogin()
        }
    }
}

/// A service that takes a moment to stop once told to.
private struct SlowToStop: Service {
    func run() async throws {
        try? await gracefulShutdown()
        try? await Task.sleep(for: .milliseconds(300))
    }
}
