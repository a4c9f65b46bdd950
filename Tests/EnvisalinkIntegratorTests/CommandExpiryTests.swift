import AlarmCore
import EnvisalinkIntegrator
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// A command waiting for the panel link is never carried out late, whatever its producer's clock.
@Suite("Integrator command expiry")
struct CommandExpiryTests {
    @Test func commandsWaitingForTheLinkExpireByTheirAgeInTheQueue() async throws {
        try await IntegratorHarness.run(configure: {
            $0.envisalink?.commandMaxAge = 3
            $0.envisalink?.pollInterval = 1
        }) { harness in
            try await harness.waitForLogin()
            // The panel stops answering: the next poll goes unanswered and the link is lost.
            #expect(await harness.panel.control("stall on").hasPrefix("ok"))
            _ = try await harness.events(until: "link lost", timeout: .seconds(20)) { $0.type == .fault && $0.code == "link" }
            // The original plain-string form has no timestamp; the other was stamped by a clock an hour ahead.
            try await harness.send("arm")
            let ahead = Int(Date().timeIntervalSince1970) + 3600
            try await harness.send(#"{"type":"command","code":"arm_stay","timestamp":\#(ahead)}"#)
            var responses: [AlarmEvent] = []
            while responses.count < 2 {
                let read = try await harness.events(until: "both commands answered", timeout: .seconds(20)) { $0.type == .response }
                responses += read.filter { $0.type == .response }
            }
            #expect(responses.allSatisfy { $0.code == "expired" }, "\(responses.map(\.message))")

            #expect(await harness.panel.control("stall off").hasPrefix("ok"))
            _ = try await harness.events(until: "link restored", timeout: .seconds(30)) { $0.type == .recovery && $0.code == "link" }
            try await harness.send(#"{"type":"command","code":"status","id":"6f1c5a2e-0000-4000-8000-0000000000fe"}"#)
            _ = try await harness.events(until: "the answer to status") {
                $0.type == .response && $0.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-0000000000fe"
            }
            let received = await harness.panel.simulator.observation.received.map(\.code)
            #expect(!received.contains("030") && !received.contains("031"), "never carried out late")
        }
    }

    @Test func aFreshCommandStampedALittleInThePastIsCarriedOut() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.commandMaxAge = 30 }) { harness in
            try await harness.waitForLogin()
            let behind = Int(Date().timeIntervalSince1970) - 5
            try await harness.send(#"{"type":"command","code":"status","timestamp":\#(behind)}"#)
            let answer = try #require(try await harness.events(until: "the answer") { $0.type == .response }.last)
            #expect(answer.code == "500")
        }
    }
}
