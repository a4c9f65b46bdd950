import AlarmCore
import EnvisalinkIntegrator
import EnvisalinkSimulator
import TestSupport
import Testing

/// The panel's error replies (`501`, `502`) to the integrator's own polls and status requests, or
/// unprompted, are never silent: each is a `fault`, and the next good answer a `recovery`.
@Suite("Integrator panel errors")
struct PanelErrorTests {
    private func expectFault(containing text: String, then harness: IntegratorHarness) async throws {
        let fault = try #require(try await harness.events(until: "the panel fault") { $0.type == .fault && $0.code == "panel" }.last)
        #expect(fault.message.contains(text), "\(fault.message)")
        let recovery = try #require(try await harness.events(until: "the panel recovery") { $0.type == .recovery && $0.code == "panel" }.last)
        #expect(recovery.message == "Panel answering normally again")
    }

    @Test func aKeybusFaultAnsweringThePollIsAFaultThenARecovery() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.pollInterval = 1 }) { harness in
            try await harness.waitForLogin()
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            #expect(await harness.panel.control("fail 000 014").hasPrefix("ok"))
            try await expectFault(containing: "014: keybus down", then: harness)
        }
    }

    @Test func installerModeAnsweringTheStatusRequestIsAFaultThenARecovery() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.pollInterval = 1 }) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("fail 001 017").hasPrefix("ok"))
            // The status request after the next login gets the error.
            #expect(await harness.panel.control("drop").hasPrefix("ok"))
            try await expectFault(containing: "017: installer mode", then: harness)
        }
    }

    @Test func unpromptedErrorsAreFaultsThenARecovery() async throws {
        // Polls 4 s apart, so a poll's acknowledgement may take 2 s (half the interval) before the
        // link is given up: the errors go to the connection the test logged in on, also on a
        // loaded machine (with 2 s apart, a 1 s wait ran out once under three CPU burners). The
        // recovery is the next poll's answer, within 4 s.
        try await IntegratorHarness.run(configure: { $0.envisalink?.pollInterval = 4 }) { harness in
            try await harness.waitForLogin()
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            #expect(await harness.panel.control("send 502017").hasPrefix("ok"))
            try await expectFault(containing: "017: installer mode", then: harness)
            #expect(await harness.panel.control("send 501").hasPrefix("ok"))
            try await expectFault(containing: "bad checksum", then: harness)
        }
    }
}
