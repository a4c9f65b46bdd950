import AlarmCore
import Foundation
import TestSupport
import Testing

/// The log consumer's directory on a small tmpfs that fills up in the middle of a burst.
@Suite("disk full")
struct DiskFullTests {
    @Test func aFullLogDiskIsLoudKeepsEveryEventQueuedAndRecoversWhenThereIsRoom() async throws {
        try await PipelineStage.run { stage in
            let disk = try await SmallFilesystem.mount(at: stage.directory.appending("log"))
            try await running({
                let daemons = try await stage.startAll()
                let log = try #require(daemons[.log])
                let control = try SimulatorControlConnection(port: stage.controlPort)
                defer { control.close() }
                let burst = PanelBurst(count: 200)
                try disk.fill()

                try burst.send(0..<burst.count, over: control)
                _ = try await log.awaitLine(containing: "No space left on device", timeout: .seconds(30))
                #expect(log.lines.contains { $0.contains("cannot write the event log") })
                try await waitUntil("the whole burst to be published", timeout: .seconds(60)) {
                    try stage.stats(tube: "push")["total-jobs"].flatMap { Int($0) } ?? 0 >= burst.count
                }
                let counts = try stage.stats(tube: "log")
                #expect(counts["current-jobs-buried"] == "0")
                #expect(counts["cmd-delete"].flatMap { Int($0) } ?? 0 < burst.count, "jobs deleted though not written")

                let writtenBefore = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).burstMessages.count
                try disk.makeRoom()
                let roomMade = ContinuousClock.now
                try await waitUntil("a burst event written after room was made", timeout: .seconds(120)) {
                    await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns).burstMessages.count > writtenBefore
                }
                ReliabilityReport.record("log disk full, room made → first event written", ReliabilityReport.seconds(.now - roomMade))
                try await stage.waitUntilSettled(burstEvents: burst.count, timeout: .seconds(180))
                ReliabilityReport.record("log disk full, room made → backlog of \(burst.count) written", ReliabilityReport.seconds(.now - roomMade))
                try await ShutdownCheck.stopAll(Array(daemons.values))

                let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
                audit.expectLoggedOnceInOrder(burst)
            }, then: {
                await disk.unmount()
            })
        }
    }

    @Test func aFullSpoolDiskDuringABeanstalkdOutageLosesNoEvent() async throws {
        try await PipelineStage.run { stage in
            let disk = try await SmallFilesystem.mount(at: stage.directory.appending("spool"))
            try await running({
                let daemons = try await stage.startAll()
                let integrator = try #require(daemons[.integrator])
                let control = try SimulatorControlConnection(port: stage.controlPort)
                defer { control.close() }
                let burst = PanelBurst(count: 100)
                try disk.fill()

                try await stage.server.kill()
                try burst.send(0..<50, over: control)
                _ = try await integrator.awaitLine(containing: "No space left on device", timeout: .seconds(30))
                try await stage.server.restart()
                try burst.send(50..<burst.count, over: control)
                try await stage.waitUntilSettled(burstEvents: burst.count, timeout: .seconds(60))
                try disk.makeRoom()
                try await ShutdownCheck.stopAll(Array(daemons.values))

                #expect(integrator.lines.contains { $0.contains("cannot write the event spool") })
                let audit = await PipelineAudit.collect(logPath: stage.logPath, apns: stage.apns)
                audit.expectLoggedOnceInOrder(burst)
            }, then: {
                await disk.unmount()
            })
        }
    }
}
