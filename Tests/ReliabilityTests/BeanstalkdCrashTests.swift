import AlarmCore
import Foundation
import TestSupport
import Testing

/// beanstalkd (with its binlog) killed with SIGKILL and started again in the middle of a burst
/// of panel events, under the real integrator, log consumer and push consumer.
@Suite("beanstalkd crash")
struct BeanstalkdCrashTests {
    @Test func killedMidBurstEveryEventIsLoggedAndPushedOnceInOrder() async throws {
        try await PipelineStage.run { stage in
            let daemons = [try await stage.start(.integrator), try await stage.start(.log), try await stage.start(.push)]
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let burst = PanelBurst(count: 1000)

            try burst.send(0..<400, over: control)
            try await stage.server.kill()
            try burst.send(400..<700, over: control)  // the integrator spools these
            try await stage.server.restart()
            let restarted = ContinuousClock.now
            try await waitUntil("the first event of the outage in the log", timeout: .seconds(60)) {
                await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).burstMessages.count > 400
            }
            ReliabilityReport.record(
                "beanstalkd kill -9, restart → first event of the outage logged", ReliabilityReport.seconds(.now - restarted))
            try burst.send(700..<1000, over: control)

            try await stage.waitUntilSettled(burstEvents: burst.count)
            try await stage.stopForAudit(integrator: daemons[0], consumers: Array(daemons.dropFirst()), burstEvents: burst.count)
            let integratorLog = String(decoding: daemons[0].standardOutput, as: UTF8.self)
            #expect(integratorLog.contains("spooled events published"), "the outage did not make the integrator spool")

            let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
            audit.expectLoggedOnceInOrder(burst)
            audit.expectPushedOnceToEveryPhone()
            #expect(audit.pushedNotLogged.isEmpty, "pushed, not logged: \(audit.pushedNotLogged.prefix(10))")
        }
    }
}
