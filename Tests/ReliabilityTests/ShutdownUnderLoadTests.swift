import AlarmCore
import Foundation
import TestSupport
import Testing

/// SIGTERM, as systemd or supervisord sends it, to every daemon while a burst is being worked through.
@Suite("shutdown under load")
struct ShutdownUnderLoadTests {
    @Test func everyDaemonExitsWithinTenSecondsAndLeavesNoJobReservedOrLost() async throws {
        try await PipelineStage.run { stage in
            let daemons = try await stage.startAll()
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let burst = PanelBurst(count: 400)
            try burst.send(0..<burst.count, over: control)
            try await waitUntil("the consumers to be busy", timeout: .seconds(60)) {
                await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).burstMessages.count >= 50
            }

            let longest = try await ShutdownCheck.stopAll(Array(daemons.values))
            ReliabilityReport.record("SIGTERM under load → slowest daemon exited", ReliabilityReport.seconds(longest))
            for tube in ["log", "push", "command"] {
                #expect(try stage.stats(tube: tube)["current-jobs-reserved"] == "0", "a job of \(tube) left reserved")
            }
            let backlog = try stage.stats(tube: "push")["current-jobs-ready"].flatMap { Int($0) } ?? 0
            #expect(backlog > 0, "the push consumer had finished before SIGTERM: no load to shut down under")

            // What was queued is still there: consumers started again finish it, once.
            let consumers = [try await stage.start(.log), try await stage.start(.push)]
            try await stage.waitUntilSettled(burstEvents: 0)
            try await ShutdownCheck.stopAll(consumers)
            let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
            // The integrator published the burst up to where it stopped reading the panel.
            let published = audit.burstMessages.count
            audit.expectLoggedOnceInOrder(burst, expected: Array(burst.messages.prefix(published)))
            audit.expectPushedOnceToEveryPhone()
            ReliabilityReport.record(
                "integrator SIGTERM mid-burst: panel messages unread at the stop", "\(burst.count - published) of \(burst.count)")
        }
    }
}
