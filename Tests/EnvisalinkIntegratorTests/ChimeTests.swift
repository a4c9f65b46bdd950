import AlarmCore
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// `chime_on` and `chime_off` against the simulated panel: `*4` only while its chime is not as
/// asked, and the response checked against its chime report (`663`/`664`).
@Suite("Door chime against the simulated panel")
struct ChimeTests {
    static func twoPartitions(_ panel: inout SimulatorConfiguration) {
        panel.partitionCount = 2
    }

    static func fastKeys(_ configuration: inout HowAlarmingConfig) {
        configuration.envisalink?.bypass.keypressGap = .milliseconds(100)
    }

    /// The `*4` the panel received for `partition`.
    static func toggles(_ harness: IntegratorHarness, partition: Int) async -> Int {
        await harness.panel.simulator.observation.received.filter { $0.code == "071" && $0.data == "\(partition)*4" }.count
    }

    @Test func setsTheChimeWithAsFewKeysAsTheReportsAllow() async throws {
        try await IntegratorHarness.run(configurePanel: Self.twoPartitions, configure: Self.fastKeys) { harness in
            try await harness.waitForLogin()
            // Unknown state (the simulated chime starts off): the first *4 turns it on, the second back off.
            let (off, events) = try await BypassTests.run(#"{"code":"chime_off"}"#, on: harness)
            #expect(off.code == "500" && off.message == "Chime off on partition 1", "\(off.message)")
            #expect(events.contains { $0.type == .command && $0.code == "071" && $0.message == "Sending chime off to the panel" })
            #expect(await Self.toggles(harness, partition: 1) == 2)
            // Known off: one *4.
            let on = try await BypassTests.run(#"{"code":"chime_on"}"#, on: harness)
            #expect(on.response.code == "500" && on.response.message == "Chime on on partition 1", "\(on.response.message)")
            #expect(await Self.toggles(harness, partition: 1) == 3)
            // Known on: none.
            let again = try await BypassTests.run(#"{"code":"CHIME_ON"}"#, on: harness)
            #expect(again.response.code == "500" && again.response.message == "Chime on on partition 1 (already)")
            #expect(await Self.toggles(harness, partition: 1) == 3)
            // Partition 2 has its own chime, and its own keypad.
            let other = try await BypassTests.run(#"{"code":"chime_on","partition":2}"#, on: harness)
            #expect(other.response.code == "500" && other.response.message == "Chime on on partition 2", "\(other.response.message)")
            #expect(await Self.toggles(harness, partition: 2) == 1)
        }
    }

    @Test func aReportThatWasOutOfDateCostsOneMoreKey() async throws {
        try await IntegratorHarness.run(configure: Self.fastKeys) { harness in
            try await harness.waitForLogin()
            // Someone else's report says on, but the panel's chime is off: *4 turns it on, and a second *4 off.
            #expect(await harness.panel.control("send 6631").hasPrefix("ok"))
            _ = try await harness.events(until: "the injected chime report") { $0.code == "663" }
            let (off, _) = try await BypassTests.run(#"{"code":"chime_off"}"#, on: harness)
            #expect(off.code == "500" && off.message == "Chime off on partition 1", "\(off.message)")
            #expect(await Self.toggles(harness, partition: 1) == 2)
        }
    }

    @Test func aLinkLostAfterTheKeyWentOutIsNotSentAgain() async throws {
        try await IntegratorHarness.run(configure: Self.fastKeys) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("drop-after 071").hasPrefix("ok"))
            let (response, _) = try await BypassTests.run(#"{"code":"chime_on"}"#, on: harness)
            #expect(response.code == "unknown", "\(response.message)")
            #expect(response.message.contains("whose chime may be left either way; not sent again"), "\(response.message)")
            #expect(await Self.toggles(harness, partition: 1) == 1)
        }
    }
}
