import AlarmCore
import Beanstalk
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// The integrator's executable killed (SIGKILL) after a command went out to the panel and
/// before its job was deleted: beanstalkd hands the job out again, and the restarted integrator
/// must not send the command a second time.
@Suite("Integrator command crash window")
struct CommandCrashTests {
    @Test func aCommandSentBeforeTheIntegratorWasKilledIsReportedNotSentAgain() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let panel = try await IntegratorHarness.startPanel()
                do {
                    try await Self.killAfterSending(directory: directory, server: server, panel: panel)
                } catch {
                    await panel.shutdown()
                    throw error
                }
                await panel.shutdown()
            }
        }
    }

    /// Sends a panic held unanswered by the panel, kills the integrator, restarts it.
    private static func killAfterSending(directory: TemporaryDirectory, server: BeanstalkdServer, panel: SimulatorServer) async throws {
        let config = try IntegratorHarness.writeExecutableConfig(in: directory, server: server, panelPort: panel.port, eventTube: "events")
        var integrator = try await Self.startIntegrator(config)
        #expect(await panel.control("hold 060").hasPrefix("ok"))
        let jobID = try RawBeanstalkClient(server).put(
            Array(#"{"type":"command","code":"police","id":"6f1c5a2e-0000-4000-8000-000000000009"}"#.utf8), in: "commands")
        // The panic is on the panel's side of the link, not yet acknowledged.
        #expect(await panel.simulator.wait(timeout: .seconds(15)) { $0.received.contains { $0.code == "060" } })

        integrator.kill()
        #expect(try await integrator.waitForExit() == .signaled(SIGKILL))
        integrator = try await Self.startIntegrator(config)

        let answered = try await readEvents(from: server, tube: Self.eventTube, until: "the answer to police", timeout: .seconds(30)) {
            $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-000000000009"
        }
        let response = try #require(answered.last)
        #expect(response.code == "unknown" && response.message.contains("not sent again"), "\(response.code) \(response.message)")
        try await waitUntil("the command's job is deleted") { try RawBeanstalkClient(server).job(jobID) == nil }
        #expect(try RawBeanstalkClient(server).stats(tube: "commands")["cmd-delete"] == "1", "deleted, never buried")

        // Commands are handled one after the other: once a later one is answered, the
        // panel has had every frame the integrator would ever send for the panic.
        try RawBeanstalkClient(server).put(
            Array(#"{"type":"command","code":"status","id":"6f1c5a2e-0000-4000-8000-0000000000fe"}"#.utf8), in: "commands")
        _ = try await readEvents(from: server, tube: Self.eventTube, until: "the answer to status", timeout: .seconds(30)) {
            $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-0000000000fe"
        }
        #expect(await panel.simulator.observation.received.filter { $0.code == "060" }.count == 1, "the panic reached the panel once")

        integrator.signal(SIGTERM)
        _ = try await integrator.waitForExit(timeout: .seconds(15))
    }

    static let eventTube = try! TubeName("events")

    /// Starts the integrator's executable with its log on standard output; waits until it is logged in to the panel.
    private static func startIntegrator(_ config: String) async throws -> ChildProcess {
        let process = try ProcessRunner.start("/bin/sh", arguments: [
            "-c", "exec \"$0\" --config \"$1\" 2>&1", try Executables.path("howalarming-envisalink"), config,
        ], environment: ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": ""])
        _ = try await process.awaitLine(containing: "logged in", timeout: .seconds(30))
        return process
    }
}
