import AlarmCore
import Foundation
import TestSupport
import Testing

/// Panel events at a steady rate through the real pipeline for ten minutes (make soak):
/// every event logged once, in order, and pushed once to every phone.
@Suite("load soak", .soak)
struct LoadSoakTests {
    /// Events per second (`HOWALARMING_SOAK_RATE`, default 100), and for how long
    /// (`HOWALARMING_SOAK_MINUTES`, default 10).
    static var rate: Int { setting("HOWALARMING_SOAK_RATE") ?? 100 }
    static var minutes: Int { setting("HOWALARMING_SOAK_MINUTES") ?? 10 }

    private static func setting(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    @Test func tenMinutesOfPanelEventsLoseNothing() async throws {
        try await PipelineStage.run { stage in
            let daemons = [try await stage.start(.integrator), try await stage.start(.log), try await stage.start(.push)]
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let burst = PanelBurst(count: Self.rate * 60 * Self.minutes)

            let start = ContinuousClock.now
            for second in 0..<burst.count / Self.rate {
                try burst.send(second * Self.rate..<(second + 1) * Self.rate, over: control)
                try await Task.sleep(until: start + .seconds(second + 1))  // paces the load: one second's events per second
            }
            let sent = ContinuousClock.now
            try await stage.waitUntilSettled(burstEvents: burst.count, timeout: .seconds(300))
            let settled = ContinuousClock.now
            try await stage.stopForAudit(integrator: daemons[0], consumers: Array(daemons.dropFirst()), burstEvents: burst.count)

            let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
            audit.expectLoggedOnceInOrder(burst)
            audit.expectPushedOnceToEveryPhone()
            let held = Double(burst.count) / Double((sent - start).components.seconds)
            ReliabilityReport.record(
                "load held for \(Self.minutes) min: events/s through the pipeline (each logged, pushed to \(PipelineStage.phones) phones)",
                String(format: "%.0f (%d events, %d notifications; backlog cleared %@ after the last)",
                    held, burst.count, audit.deliveryCount, ReliabilityReport.seconds(settled - sent)))
        }
    }
}
