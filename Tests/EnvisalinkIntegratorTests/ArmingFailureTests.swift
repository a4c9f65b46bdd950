import AlarmCore
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// An arm command that fails says so, why, and which zones were open: in its response and in a
/// `fault` (or the panel's own failure event), all carrying the command's id and its source, for
/// the push consumer to tell whoever asked.
@Suite("Integrator arming failures")
struct ArmingFailureTests {
    private static func isFor(_ id: String) -> (AlarmEvent) -> Bool {
        { $0.commandID?.uuidString.lowercased() == id }
    }

    @Test func anArmRefusedAsNotReadyNamesTheOpenZones() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            _ = try await harness.events(until: "zone 1 open") { $0.code == "609" }
            let id = "6f1c5a2e-0000-4000-8000-0000000000b1"
            try await harness.send(#"{"type":"command","code":"arm_away","id":"\#(id)","source":"howalarming-command:anna"}"#)
            let events = try await harness.events(until: "the fault") { $0.type == .fault && Self.isFor(id)($0) }
            let response = try #require(events.first { $0.type == .response && Self.isFor(id)($0) })
            let fault = try #require(events.last)
            #expect(response.code == "502")
            #expect(response.message == "Arm away failed: not ready to arm (panel error 024) — Front door open")
            #expect(fault.code == "502" && fault.raw == "502 024" && fault.partition == 1)
            #expect(fault.message == response.message)
            #expect(response.commandSource == "howalarming-command:anna")
            #expect(fault.commandSource == "howalarming-command:anna")
        }
    }

    @Test func anArmTheEnvisalinkAnswersWithAnotherErrorSaysWhich() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("fail 031 025").hasPrefix("ok"))
            let id = "6f1c5a2e-0000-4000-8000-0000000000b2"
            try await harness.send(#"{"type":"command","code":"arm_stay","id":"\#(id)"}"#)
            let events = try await harness.events(until: "the fault") { $0.type == .fault && Self.isFor(id)($0) }
            #expect(events.last?.message == "Arm stay failed: bad length (panel error 025)")
            #expect(events.last?.commandSource == nil, "the command had no source")
        }
    }

    @Test func aFailureToArmAfterTheCodeIsTheArmCommandsFailure() async throws {
        // Quick arm is off: the panel asks for a code (900), the integrator gives the master code,
        // and a zone opened meanwhile makes the panel fail the arming (672).
        try await IntegratorHarness.run(configurePanel: { $0.codeRequired = .all }) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("hold 200").hasPrefix("ok"))
            let id = "6f1c5a2e-0000-4000-8000-0000000000b3"
            try await harness.send(#"{"type":"command","code":"arm","id":"\#(id)","source":"howalarming-mqtt"}"#)
            #expect(await harness.panel.simulator.wait(timeout: .seconds(10)) { $0.received.contains { $0.code == "200" } })
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            #expect(await harness.panel.control("release").hasPrefix("ok"))
            let events = try await harness.events(until: "the failure to arm") { $0.code == "672" }
            let failure = try #require(events.last)
            #expect(events.first { $0.type == .response && Self.isFor(id)($0) }?.code == "500", "the panel took the arm command")
            #expect(failure.type == .fault && Self.isFor(id)(failure) && failure.partition == 1)
            #expect(failure.message == "Arm away failed: the panel failed to arm (672) — Front door open")
            #expect(failure.commandSource == "howalarming-mqtt")
        }
    }

    @Test func anArmingNotDoneWithinTheExitDelayIsAFault() async throws {
        try await IntegratorHarness.run(
            configurePanel: { $0.exitDelay = .seconds(60) }, configure: { $0.envisalink?.exitDelay = 1 }
        ) { harness in
            try await harness.waitForLogin()
            let id = "6f1c5a2e-0000-4000-8000-0000000000b4"
            try await harness.send(#"{"type":"command","code":"arm","id":"\#(id)","source":"howalarming-command:ben"}"#)
            let events = try await harness.events(until: "the fault", timeout: .seconds(20)) { $0.type == .fault && Self.isFor(id)($0) }
            let fault = try #require(events.last)
            #expect(events.contains { $0.code == "656" }, "the exit delay began")
            #expect(!events.contains { $0.code == "652" })
            #expect(fault.code == "arm" && fault.raw.isEmpty && fault.partition == 1)
            #expect(fault.message == "Arm away failed: the partition was not armed within the exit delay (1 s) and a margin")
            #expect(fault.commandSource == "howalarming-command:ben")
        }
    }
}
