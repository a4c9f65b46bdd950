import AlarmCore
import PushMocks
import TestSupport
import Testing

/// APNs failing in every way in turn — 500, 503, streams that never answer, GOAWAY — while
/// panel events keep coming, then recovering, under the real integrator, log and push consumers.
@Suite("provider outage")
struct ProviderOutageTests {
    @Test func notificationsHeldThroughAnOutageArriveOnceAndInOrderAfterIt() async throws {
        try await ProviderOutage.run(eachFailureFor: .seconds(3), eventsPerFailure: 10)
    }
}

/// The same with each failure lasting a minute (four minutes of outage, within the notifications'
/// five-minute lifetime); run by `make soak`.
@Suite("provider outage soak", .soak)
struct ProviderOutageSoakTests {
    @Test func fourMinutesOfOutageLoseNothing() async throws {
        try await ProviderOutage.run(eachFailureFor: .seconds(60), eventsPerFailure: 100)
    }
}

/// The scenario both suites play.
enum ProviderOutage {
    static func run(eachFailureFor phase: Duration, eventsPerFailure: Int) async throws {
        try await PipelineStage.run { stage in
            let daemons = [try await stage.start(.integrator), try await stage.start(.log), try await stage.start(.push)]
            let control = try SimulatorControlConnection(port: stage.controlPort)
            defer { control.close() }
            let failures = MockOutage.allCases
            let burst = PanelBurst(count: eventsPerFailure * (failures.count + 2))

            try burst.send(0..<eventsPerFailure, over: control)
            try await stage.waitUntilSettled(burstEvents: eventsPerFailure, timeout: .seconds(60))
            for (index, failure) in failures.enumerated() {
                let failedBefore = stage.apns.outageFailures
                stage.apns.beginOutage(failure)
                let start = ContinuousClock.now
                let first = eventsPerFailure * (index + 1)
                try burst.send(first..<first + eventsPerFailure, over: control)
                try await waitUntil("the push consumer to try through the \(failure) outage", timeout: .seconds(60)) {
                    stage.apns.outageFailures > failedBefore
                }
                try await Task.sleep(until: start + phase)  // the outage lasts its time, whatever is sent
            }
            stage.apns.endOutage()
            let recovered = ContinuousClock.now
            try burst.send(burst.count - eventsPerFailure..<burst.count, over: control)
            // Settled means no job left on the push tube either: none buried as expired.
            try await stage.waitUntilSettled(burstEvents: burst.count, timeout: .seconds(120))
            ReliabilityReport.record(
                "APNs outage of \(ReliabilityReport.seconds(phase * failures.count)) (500, 503, hung streams, GOAWAY), recovered → \(burst.count) events pushed",
                ReliabilityReport.seconds(.now - recovered))
            ReliabilityReport.record("APNs outage: requests failed by the outage", "\(stage.apns.outageFailures)")
            try await stage.stopForAudit(integrator: daemons[0], consumers: Array(daemons.dropFirst()), burstEvents: burst.count)

            let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
            audit.expectLoggedOnceInOrder(burst)
            // Under load a reply can come after the push consumer's deadline: the retry repeats
            // it with the same apns-id, and the phone shows it once.
            audit.expectShownOnceOnEveryPhone()
            let outOfOrder = audit.deliveriesOutOfOrder(to: PipelineStage.phoneTokens)
            #expect(outOfOrder.isEmpty, "\(outOfOrder)")
        }
    }
}
