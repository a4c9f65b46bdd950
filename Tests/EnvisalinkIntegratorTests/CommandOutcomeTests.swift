import AlarmCore
import Beanstalk
import EnvisalinkIntegrator
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// A command the panel may have carried out is never sent to it again.
@Suite("Integrator command outcomes")
struct CommandOutcomeTests {
    /// How many times the simulated panel received a command with `code`, once a later `status`
    /// command has been answered (commands are handled one after the other).
    private func timesReceived(_ code: String, _ harness: IntegratorHarness) async throws -> Int {
        try await harness.send(#"{"type":"command","code":"status","id":"6f1c5a2e-0000-4000-8000-0000000000ff"}"#)
        _ = try await harness.events(until: "the answer to status", timeout: .seconds(30)) {
            $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-0000000000ff"
        }
        return await harness.panel.simulator.observation.received.filter { $0.code == code }.count
    }

    @Test func aPanicWhoseAcknowledgementIsLostIsReportedNotResent() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("drop-after 060").hasPrefix("ok"))
            try await harness.send(#"{"type":"command","code":"police","id":"6f1c5a2e-0000-4000-8000-000000000007"}"#)
            let answered = try await harness.events(until: "the answer to police") { $0.type == .response }
            let response = try #require(answered.last)
            #expect(response.code == "unknown" && response.message.contains("may have been carried out"), "\(response.message)")
            #expect(response.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-000000000007")
            #expect(try await timesReceived("060", harness) == 1, "the panic reached the panel once")
        }
    }

    @Test func aResponseThatCannotBePublishedDoesNotResendTheCommand() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            #expect(await harness.panel.control("hold 060").hasPrefix("ok"))
            try await harness.send(#"{"type":"command","code":"police","id":"6f1c5a2e-0000-4000-8000-000000000008"}"#)
            #expect(await harness.panel.simulator.wait(timeout: .seconds(10)) { $0.received.contains { $0.code == "060" } })
            // Neither beanstalkd (draining: it refuses puts) nor the spool (a directory is in its
            // way) can take the response now.
            try FileManager.default.createDirectory(atPath: harness.directory.appending("spool.jsonl"), withIntermediateDirectories: false)
            harness.server.signal(SIGUSR1)
            #expect(await harness.panel.control("release").hasPrefix("ok"))
            // The response is held in memory and the job is done with: a job kept for a retry
            // would send the panic again once beanstalkd takes puts again.
            try await waitUntil("the command's job is deleted") {
                try RawBeanstalkClient(harness.server).stats(tube: "commands")["cmd-delete"] == "1"
            }
            try FileManager.default.removeItem(atPath: harness.directory.appending("spool.jsonl"))
            try await harness.server.restart()
            let answered = try await harness.events(until: "the answer to police", timeout: .seconds(30)) {
                $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-000000000008"
            }
            #expect(answered.last?.code == "500")
            #expect(try await timesReceived("060", harness) == 1, "the panic reached the panel once")
        }
    }

    @Test func aCommandWhoseJobComesBackAfterBeanstalkdRestartedIsReportedNotResent() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("hold 060").hasPrefix("ok"))
            try await harness.send(#"{"type":"command","code":"police","id":"6f1c5a2e-0000-4000-8000-00000000000a"}"#)
            #expect(await harness.panel.simulator.wait(timeout: .seconds(10)) { $0.received.contains { $0.code == "060" } })
            // beanstalkd restarts with its binlog: the reservation is gone, the job ready again.
            try await harness.server.kill()
            try await harness.server.restart()
            #expect(await harness.panel.control("release").hasPrefix("ok"))
            var responses: [AlarmEvent] = []
            while responses.count < 2 {
                let answered = try await harness.events(until: "an answer to police", timeout: .seconds(30)) {
                    $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-00000000000a"
                }
                responses.append(try #require(answered.last))
            }
            #expect(responses.map(\.code) == ["500", "unknown"], "\(responses.map(\.message))")
            #expect(responses.last?.message.contains("not sent again") == true)
            #expect(try await timesReceived("060", harness) == 1, "the panic reached the panel once")
        }
    }

    @Test func aCommandThatCannotBeRecordedAsSentIsRefusedNotSent() async throws {
        try await IntegratorHarness.run(configure: { configuration in
            // The record's temporary file is a directory: every write of the record fails, as on a full disk.
            let record = configuration.envisalink!.sequenceFile + ".sent-commands"
            try! FileManager.default.createDirectory(atPath: record + ".tmp", withIntermediateDirectories: false)
        }) { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"type":"command","code":"police","id":"6f1c5a2e-0000-4000-8000-00000000000b"}"#)
            let answered = try await harness.events(until: "the answer to police") {
                $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-00000000000b"
            }
            let response = try #require(answered.last)
            #expect(response.code == "refused" && response.message.contains("sequence.sent-commands cannot be written"), "\(response.message)")
            #expect(!answered.contains { $0.type == .command }, "no echo: nothing was sent")
            #expect(try await timesReceived("060", harness) == 0, "the panic did not reach the panel")
        }
    }
}
