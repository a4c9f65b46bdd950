import AlarmCore
import EnvisalinkIntegrator
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import Synchronization
import Testing

/// The panel clock end to end: the integrator against the simulated panel, whose clock is read
/// through its control interface (`clock`).
@Suite struct PanelClockTests {
    private static let zone = "Pacific/Auckland"

    /// The simulated panel's clock, as its control interface tells it.
    private static func panelClock(_ panel: SimulatorServer) async throws -> PanelDateTime {
        let reply = await panel.control("clock")
        let words = reply.split(separator: " ")
        guard words.count >= 4, words[0] == "ok",
            let time = PanelDateTime(tpiData: Self.tpiData(date: words[2], time: words[3].prefix(5)))
        else { throw ClockReplyError(reply: reply) }
        return time
    }

    private struct ClockReplyError: Error { let reply: String }

    /// `2026-03-29` and `01:59` in the TPI's `hhmmMMDDYY`.
    private static func tpiData(date: Substring, time: Substring) -> String {
        let day = date.split(separator: "-"), clock = time.split(separator: ":")
        guard day.count == 3, clock.count == 2 else { return "" }
        return String(clock[0] + clock[1] + day[1] + day[2] + day[0].suffix(2))
    }

    /// Expects the simulated panel's clock to show the time in `zone` now: the minute the
    /// integrator set runs on from its second 0, so it may show the minute before.
    private static func expectPanelShowsLocalTime(_ panel: SimulatorServer, zone: String = Self.zone) async throws {
        let before = Date()
        let shown = try #require(try await panelClock(panel).date(in: TimeZone(identifier: zone)!))
        let after = Date()
        #expect(shown > before - 120 && shown <= after, "the panel shows \(shown), the box's time was \(before)–\(after)")
    }

    private static func useZone(_ configuration: inout HowAlarmingConfig) {
        configuration.envisalink?.clock.timeZone = Self.zone
    }

    @Test func afterLoginThePanelShowsTheLocalTimeOfTheConfiguredZone() async throws {
        try await IntegratorHarness.run(configure: Self.useZone, preparePanel: { panel in
            _ = await panel.control("clock 2001-01-01 00:00")
        }) { harness in
            let set = try #require(try await harness.events(until: "the clock set") { $0.code == "clock" }.last)
            #expect(set.type == .info && set.message.hasPrefix("Panel clock set to ") && set.message.hasSuffix(" (\(Self.zone)), after login"))
            #expect(set.raw.hasPrefix("010 "))
            try await Self.expectPanelShowsLocalTime(harness.panel)
            let received = await harness.panel.simulator.observation.received
            #expect(received.contains { $0.code == "056" && $0.data == "1" }, "time broadcasts asked for")
            #expect(received.count { $0.code == "010" } == 1)
        }
    }

    /// The daily setting across the night daylight saving time starts in London (29 March 2026,
    /// 01:00 GMT becomes 02:00 BST), on a box clock that stands still until the test moves it:
    /// set after login to 00:59 GMT, then at `daily_at` (04:00 by default, BST by then) to summer time.
    @Test func theDailySettingAfterTheChangeToSummerTimeSetsSummerTime() async throws {
        let boxTime = Mutex(Date(timeIntervalSince1970: 1_774_745_940))  // 2026-03-29 00:59:00 UTC
        let boxClock = PanelClockTime(now: { boxTime.withLock { $0 } }, tickInterval: .milliseconds(100))
        try await IntegratorHarness.run(clockTime: boxClock, configure: { $0.envisalink?.clock.timeZone = "Europe/London" }) { harness in
            let login = try #require(try await harness.events(until: "the clock set after login") { $0.code == "clock" }.last)
            #expect(login.message == "Panel clock set to 2026-03-29 00:59 (Europe/London), after login", "\(login.message)")
            #expect(try await Self.panelClock(harness.panel) == PanelDateTime(year: 2026, month: 3, day: 29, hour: 0, minute: 59))
            // Three hours later: 03:59 UTC is 04:59 BST, past 04:00 on the panel's clock.
            boxTime.withLock { $0 += 3 * 3600 }
            let daily = try #require(try await harness.events(until: "the daily setting") { $0.code == "clock" }.last)
            #expect(daily.type == .info && daily.message == "Panel clock set to 2026-03-29 04:59 (Europe/London), daily", "\(daily.message)")
            #expect(try await Self.panelClock(harness.panel) == PanelDateTime(year: 2026, month: 3, day: 29, hour: 4, minute: 59))
            #expect(await harness.panel.simulator.observation.received.count { $0.code == "010" } == 2)
        }
    }

    @Test func aTimeBroadcastThatDriftedSetsTheClockAgainAndIsNoEvent() async throws {
        // The box's own zone, which the simulated panel's clock starts in: no drift until it is set wrong.
        try await IntegratorHarness.run(configurePanel: { $0.timeBroadcastInterval = .milliseconds(200) }) { harness in
            _ = try await harness.events(until: "the clock set after login") { $0.code == "clock" }
            #expect(await harness.panel.control("clock 2001-01-01 00:00").hasPrefix("ok clock 2001-01-01 00:00; time broadcast on"))
            let seen = try await harness.events(until: "the clock set again") { $0.code == "clock" }
            let set = try #require(seen.last)
            #expect(set.type == .info && set.message.contains("), the panel's clock was ") && set.message.hasSuffix(" s behind"))
            try await Self.expectPanelShowsLocalTime(harness.panel, zone: TimeZone.current.identifier)
            #expect(!seen.contains { $0.code == "550" }, "the broadcasts are the clock keeper's, not events")
            #expect(await harness.panel.simulator.observation.received.count { $0.code == "010" } == 2)
        }
    }

    @Test func anUnsynchronisedBoxClockIsNeverWrittenToThePanelAndSaysSoOnce() async throws {
        let synchronised = Mutex(false)
        try await IntegratorHarness.run(
            hostClock: { synchronised.withLock { $0 } ? .synchronised : .unsynchronised("the box's clock is not synchronised (test)") },
            configurePanel: { $0.timeBroadcastInterval = .milliseconds(200) },
            preparePanel: { panel in _ = await panel.control("clock 2001-01-01 00:00") }
        ) { harness in
            let fault = try #require(try await harness.events(until: "the clock fault") { $0.code == "clock" }.last)
            #expect(fault.type == .fault && fault.message == "Panel clock not set: the box's clock is not synchronised (test)")
            // Broadcasts keep coming and the clock stays wrong: no second fault, nothing set.
            #expect(await harness.panel.simulator.wait(timeout: .seconds(10)) { $0.sent.count { $0.code == "550" } >= 5 })
            #expect(await harness.panel.simulator.observation.received.count { $0.code == "010" } == 0)
            #expect(try await Self.panelClock(harness.panel).year == 2001)
            synchronised.withLock { $0 = true }
            let seen = try await harness.events(until: "the clock set") { $0.code == "clock" }
            #expect(seen.filter { $0.code == "clock" }.map(\.type) == [.recovery], "no second fault: \(seen)")
            #expect(seen.last?.message.hasPrefix("Panel clock set again: ") == true)
            #expect(seen.last?.message.hasSuffix(", after login") == true)
            try await Self.expectPanelShowsLocalTime(harness.panel, zone: TimeZone.current.identifier)
        }
    }

    @Test func switchedOffTheClockIsLeftAloneAndItsBroadcastsAreEvents() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.clock.sync = false }) { harness in
            try await harness.waitForLogin()
            #expect(await harness.panel.control("send 5502359123124").hasPrefix("ok sent"))
            let seen = try await harness.events(until: "the time broadcast") { $0.code == "550" }
            #expect(seen.last?.message == "Panel time 2024-12-31 23:59")
            #expect(!seen.contains { $0.code == "clock" })
            let received = await harness.panel.simulator.observation.received
            #expect(!received.contains { $0.code == "010" || $0.code == "056" })
        }
    }

    @Test func anUnknownTimeZoneStopsStartUpNamingTheKey() throws {
        var configuration = HowAlarmingConfig()
        var panel = EnvisalinkConfig()
        panel.password = Secret("secret")
        panel.clock.timeZone = "Europe/Londn"
        configuration.envisalink = panel
        #expect {
            _ = try EnvisalinkIntegratorApp.services(configuration: configuration, logger: quietLogger)
        } throws: { error in
            (error as? ConfigError)?.keyPath == "envisalinkd.clock.time_zone" && "\(error)".contains("\"Europe/Londn\"")
        }
    }
}
