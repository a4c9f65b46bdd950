import AlarmCore
import Foundation
import PushMocks
import TestSupport
import Testing

/// Each daemon killed with SIGKILL in the middle of a burst of panel events and started again
/// at once, as its supervisor would, while the others keep running.
@Suite("daemon crash")
struct DaemonCrashTests {
    @Test(arguments: Daemon.allCases)
    func killedMidBurstAndRestartedNothingIsLostOrRepeated(victim: Daemon) async throws {
        try await PipelineStage.run { stage in
            var daemons = try await stage.startAll()
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let burst = PanelBurst(count: 600)

            try burst.send(0..<300, over: control)
            let linesBefore = PipelineAudit.lineCount(stage.logPath)
            let deliveriesBefore = await stage.apns.requests().count
            let commandTubeDeletesBefore = try stage.deletes(tube: "command")
            let killed = ContinuousClock.now
            try #require(daemons[victim]).kill()
            #expect(try await #require(daemons[victim]).waitForExit() == .signaled(SIGKILL))
            daemons[victim] = try await stage.start(victim)
            // Progress only the restarted daemon can make: the log grows, APNs gets requests, or
            // the integrator is logged in to the panel again (start waits for that).
            try await waitUntil("the restarted \(victim) to make progress", timeout: .seconds(60)) {
                switch victim {
                case .integrator: true
                case .log: PipelineAudit.lineCount(stage.logPath) > linesBefore
                case .push: await stage.apns.requests().count > deliveriesBefore
                case .command: try stage.deletes(tube: "command") > commandTubeDeletesBefore
                }
            }
            ReliabilityReport.record("\(victim) kill -9 → restarted and working", ReliabilityReport.seconds(.now - killed))
            try burst.send(300..<600, over: control)

            // A killed integrator loses the panel messages it had not yet read or published: the
            // TPI has no replay. What it published is never lost, and all after its return arrive.
            let audit = try await settle(stage, burst: burst, victim: victim)
            try await ShutdownCheck.stopAll(Array(daemons.values))

            #expect(audit.repeatedLogLines.isEmpty, "\(audit.repeatedLogLines.prefix(10))")
            #expect(audit.sequenceBreaks.isEmpty, "\(audit.sequenceBreaks.prefix(10))")
            let logged = audit.burstMessages
            if victim == .integrator {
                let published = logged.count - 300
                #expect(burst.mismatch(in: logged, expected: Array(burst.messages[0..<published] + burst.messages[300...])) == nil)
                ReliabilityReport.record("integrator kill -9: panel messages unread at the kill (lost with the process)", "\(300 - published) of 300")
            } else {
                #expect(burst.mismatch(in: logged) == nil)
            }
            expectDeliveries(audit, victim: victim)
            ReliabilityReport.record("\(victim) kill -9: consumer supervision events (a consumer down, or stuck under load)", "\(audit.supervisionEvents)")
        }
    }

    /// Waits until the burst (less what a killed integrator lost) is through; returns the audit.
    private func settle(_ stage: PipelineStage, burst: PanelBurst, victim: Daemon) async throws -> PipelineAudit {
        if victim == .integrator {
            try await waitUntil("the second half of the burst in the log", timeout: .seconds(120)) {
                await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).burstMessages.last == burst.message(burst.count - 1)
            }
        }
        let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
        try await stage.waitUntilSettled(burstEvents: victim == .integrator ? audit.burstMessages.count : burst.count)
        try await waitUntil("the command API to have read every event", timeout: .seconds(60)) { try stage.isEmpty(tube: "command") }
        return await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
    }

    /// Every logged event reached every phone once. A killed push consumer may send again what it
    /// had in flight (one event's fan-out, at most one request per phone), with the same
    /// `apns-id`, so the phone still shows it once.
    private func expectDeliveries(_ audit: PipelineAudit, victim: Daemon) {
        let otherThanOnce = audit.deliveriesOtherThanOnce(to: PipelineStage.phoneTokens)
        #expect(audit.pushedNotLogged.isEmpty, "pushed, not logged: \(audit.pushedNotLogged.prefix(10))")
        guard victim == .push else {
            #expect(otherThanOnce.isEmpty, "\(otherThanOnce.count) (event, phone) pairs: \(otherThanOnce.prefix(10))")
            return
        }
        let repeated = audit.deliveries.filter { $0.value > 1 }
        #expect(!otherThanOnce.contains { $0.hasSuffix(": 0") }, "\(otherThanOnce.prefix(10))")
        #expect(repeated.count <= PipelineStage.phones, "\(repeated.count) (event, phone) pairs sent more than once")
        #expect(repeated.keys.allSatisfy { audit.apnsIDs[$0]?.count == 1 }, "a repeat with another apns-id")
        ReliabilityReport.record("push kill -9: notifications sent again (in flight at the kill, same apns-id)", "\(repeated.count)")
    }
}
