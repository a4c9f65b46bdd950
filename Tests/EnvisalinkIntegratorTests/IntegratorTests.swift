import AlarmCore
import Beanstalk
import EnvisalinkIntegrator
import EnvisalinkSimulator
import EnvisalinkTPI
import TestSupport
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The integrator against the simulated panel and a real beanstalkd, in-process.
@Suite("Alarm integrator")
struct IntegratorTests {
    @Test func zoneActivityBecomesEventsWithZoneNames() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            let events = try await harness.events(until: "zone 1 open") { $0.code == "609" && $0.zone == 1 }
            let open = try #require(events.last)
            #expect(open.type == .info && open.zoneName == "Front door")
            #expect(open.source == "howalarming-envisalink" && open.id != nil && open.sequence != nil)
            #expect(await harness.panel.control("open 2").hasPrefix("ok"))
            let unnamed = try #require(try await harness.events(until: "zone 2 open") { $0.code == "609" && $0.zone == 2 }.last)
            #expect(unnamed.zoneName == "zone 002", "zones missing from the config are reported by number")
        }
    }

    @Test func armAndDisarmFromTheQueueWithMaskedEchoes() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"type":"command","code":"arm","id":"6f1c5a2e-0000-4000-8000-000000000001"}"#)
            let arming = try await harness.events(until: "armed") { $0.type == .armed }
            let echo = try #require(arming.first { $0.type == .command })
            #expect(echo.commandID?.uuidString.lowercased() == "6f1c5a2e-0000-4000-8000-000000000001")
            #expect(echo.code == "030")
            #expect(arming.contains { $0.type == .response && $0.code == "500" && $0.commandID == echo.commandID })
            #expect(arming.contains { $0.code == "656" && $0.type == .info }, "exit delay is info, not armed")

            try await harness.send("disarm")
            let disarming = try await harness.events(until: "disarmed") { $0.type == .disarmed }
            let disarmEcho = try #require(disarming.first { $0.type == .command })
            #expect(disarmEcho.raw == "040 1******", "the master code is masked in the echo")
            #expect(disarmEcho.commandID != nil, "a simple string command gets an id too")
        }
    }

    @Test func disarmWithTheAccessCodeTypedForTheCommand() async throws {
        // The household keeps no code on the box: each disarm carries the code a person typed.
        try await IntegratorHarness.run(configure: { $0.envisalink?.codeMaster = nil }) { harness in
            try await harness.waitForLogin()
            try await harness.send("disarm")
            let refused = try await harness.events(until: "the refusal") { $0.type == .response }
            #expect(refused.last?.code == "refused")
            #expect(refused.last?.message.contains("needs an access code") == true, "\(refused.last?.message ?? "")")

            try await harness.send(#"{"code":"arm"}"#)
            _ = try await harness.events(until: "armed") { $0.type == .armed }
            try await harness.send(#"{"code":"disarm","access_code":"1111"}"#)
            let wrong = try await harness.events(until: "invalid access code") { $0.code == "670" }
            #expect(wrong.first { $0.type == .command }?.raw == "040 1****", "the typed code is masked in the echo")
            #expect(!wrong.contains { $0.type == .disarmed })

            try await harness.send(#"{"code":"disarm","access_code":"\#(IntegratorHarness.userCode)"}"#)
            let disarming = try await harness.events(until: "disarmed") { $0.type == .disarmed }
            #expect(disarming.contains { $0.code == "750" && $0.user == 7 }, "the panel names the user whose code was typed")
        }
    }

    @Test func droppedLinkGivesFaultThenRecovery() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("drop").hasPrefix("ok"))
            let lost = try await harness.events(until: "link lost") { $0.type == .fault && $0.code == "link" }
            #expect(lost.last?.message.hasPrefix("Panel link lost") == true)
            let restored = try await harness.events(until: "link restored") { $0.type == .recovery && $0.code == "link" }
            #expect(restored.last?.message == "Panel link restored")
            // Resynchronised: the status dump after login reports the zones again.
            _ = try await harness.events(until: "the status dump") { $0.code == "610" || $0.code == "609" }
        }
    }

    @Test func aPanelThatStopsAnsweringIsADeadLink() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.pollInterval = 1 }) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("stall on").hasPrefix("ok"))
            // The next poll goes unanswered: after the acknowledgement timeout the link is declared dead.
            let lost = try await harness.events(until: "link lost", timeout: .seconds(20)) { $0.type == .fault && $0.code == "link" }
            #expect(lost.last?.message.hasPrefix("Panel link lost") == true)
            #expect(await harness.panel.control("stall off").hasPrefix("ok"))
            _ = try await harness.events(until: "link restored", timeout: .seconds(20)) { $0.type == .recovery && $0.code == "link" }
        }
    }

    @Test func wrongPasswordIsAFaultNotAHammer() async throws {
        try await IntegratorHarness.run(password: "nope") { harness in
            let events = try await harness.events(until: "wrong password fault") { $0.type == .fault && $0.message.hasPrefix("Wrong panel password") }
            #expect(!events.isEmpty)
            let logins = await harness.panel.simulator.observation.logins
            #expect(logins <= 1, "no second login attempt within the long backoff")
        }
    }

    @Test func programmingCommandsAreRefusedByDefault() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"type":"command","code":"072","data":"1","id":"6f1c5a2e-0000-4000-8000-000000000002"}"#)
            let refused = try #require(try await harness.events(until: "refusal") { $0.type == .response }.last)
            #expect(refused.code == "refused" && refused.message.contains("072"))
            #expect(await !harness.panel.simulator.observation.received.contains { $0.code == "072" })
        }
    }

    @Test func staleCommandsAreNotSentLate() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"type":"command","code":"arm","timestamp":1000000000}"#)
            let expired = try #require(try await harness.events(until: "expiry") { $0.type == .response }.last)
            #expect(expired.code == "expired")
            #expect(await !harness.panel.simulator.observation.received.contains { $0.code == "030" })
        }
    }

    @Test func noEventLostWhileBeanstalkdIsDown() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            // The status dump after login ends with the keypad LEDs; consume it first.
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            try await harness.server.stop()
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            #expect(await harness.panel.control("close 1").hasPrefix("ok"))
            try await harness.server.restart()
            let events = try await harness.events(until: "zone 1 restored") { $0.code == "610" && $0.zone == 1 }
            #expect(events.contains { $0.code == "609" && $0.zone == 1 }, "the open that happened during the outage")
            let sequences = events.compactMap(\.sequence)
            #expect(sequences == sequences.sorted(), "spooled events keep their order")
        }
    }
}
