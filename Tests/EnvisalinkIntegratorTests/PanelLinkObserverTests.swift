import AlarmCore
import Dispatch
import EnvisalinkIntegrator
import EnvisalinkSimulator
import NIOCore
import NIOPosix
import Synchronization
import TestSupport
import Testing

/// Issue 21: the proxy (the link's observer) writes every panel message to each of its clients;
/// that work must never come before the integrator's own event. A panel message reaches the
/// link's `reports` before the observer sees it.
@Suite struct PanelLinkObserverTests {
    @Test func aPanelMessageReachesTheReportsBeforeTheObserver() async throws {
        let panel = try await IntegratorHarness.startPanel()
        let reportedFirst: Bool?
        do {
            reportedFirst = try await firstMessageReportedBeforeObserved(panelPort: panel.port)
        } catch {
            await panel.shutdown()
            throw error
        }
        await panel.shutdown()
        #expect(reportedFirst == true, "the observer held the first panel message before the reports had it")
    }

    /// Links to the panel at `panelPort` with an observer that holds the first panel message until
    /// the reports carry it (5 s at most); returns whether they did. The link runs on an event loop
    /// of its own: holding the process's panel thread would stall every other test's panel link.
    private func firstMessageReportedBeforeObserved(panelPort: Int) async throws -> Bool? {
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let reported = DispatchSemaphore(value: 0)
        let reportedFirst = Mutex<Bool?>(nil)
        let link = PanelLink(
            configuration: PanelLinkConfiguration(host: "127.0.0.1", port: panelPort, password: Secret(IntegratorHarness.password)),
            logger: quietLogger, eventLoop: eventLoopGroup.next(),
            observer: { report in
                guard case .message = report, reportedFirst.withLock({ $0 == nil }) else { return false }
                let result = reported.wait(timeout: .now() + .seconds(5)) == .success
                reportedFirst.withLock { $0 = result }
                return false
            })
        let running = Task { try await link.run() }
        defer { running.cancel() }
        for await report in link.reports {
            guard case .message = report else { continue }
            reported.signal()
            break
        }
        try await waitUntil("the observer to have seen the first panel message", timeout: .seconds(10)) {
            reportedFirst.withLock { $0 != nil }
        }
        running.cancel()
        _ = await running.result
        try await eventLoopGroup.shutdownGracefully()
        return reportedFirst.withLock { $0 }
    }
}
