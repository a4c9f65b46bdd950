import AlarmCore
@testable import EnvisalinkIntegrator
import EnvisalinkTPI
import Foundation
import Testing

/// The panel clock's decisions: link, time broadcasts, ticks and the box's clock in; frames and
/// events out. Times are given in UTC and expected in the panel's zone.
@Suite struct PanelClockPolicyTests {
    private typealias Action = PanelClockPolicy.Action
    private static let synchronised = HostClockStatus.synchronised
    private static let unsynchronised = HostClockStatus.unsynchronised("the box's clock is not synchronised")
    private static let broadcastsOn = Action.askForBroadcasts(try! TPIFrame(code: "056", data: "1"))

    /// `2026-03-29 00:59:30` in UTC.
    private static func utc(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))!
    }

    private static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> PanelDateTime {
        PanelDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    private static func policy(_ zone: String, now: Date, maxDrift: Int64 = 120, dailyAt: String = "04:00") -> PanelClockPolicy {
        PanelClockPolicy(timeZone: TimeZone(identifier: zone)!, maxDrift: maxDrift, dailyAt: TimeOfDay(dailyAt)!, now: now)
    }

    private static func set(_ time: PanelDateTime, _ reason: PanelClockPolicy.Reason) -> Action {
        .set(try! PanelCommand.setTime(time).frame(), time, reason)
    }

    /// The time `010` sends after a login at `now` in `zone`.
    private static func setAfterLogin(_ zone: String, at now: Date) -> PanelDateTime? {
        var policy = policy(zone, now: now)
        return policy.handle(.linkUp, now: now, clock: synchronised).compactMap { action -> PanelDateTime? in
            if case let .set(_, time, .login) = action { return time }
            return nil
        }.first
    }

    /// A policy logged in a little before `now`, whose first setting the panel accepted then:
    /// broadcasts are read again at `now` (``PanelClockPolicy/settling``).
    private static func settled(_ zone: String, at now: Date, dailyAt: String = "04:00") -> PanelClockPolicy {
        let then = now - PanelClockPolicy.settling
        var policy = policy(zone, now: then, dailyAt: dailyAt)
        _ = policy.handle(.linkUp, now: then, clock: synchronised)
        _ = policy.handle(.answered(.accepted), now: then, clock: synchronised)
        return policy
    }

    @Test func aLoginTurnsBroadcastsOnAndSetsTheLocalTimeThenSaysSo() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.policy("Europe/London", now: now)
        let time = Self.time(2026, 7, 1, 13, 34)
        #expect(policy.handle(.linkUp, now: now, clock: Self.synchronised) == [Self.broadcastsOn, Self.set(time, .login)])
        #expect(policy.handle(.answered(.accepted), now: now, clock: Self.synchronised)
            == [.report(.info, "Panel clock set to 2026-07-01 13:34 (Europe/London), after login", raw: "010 1334070126")])
        #expect(policy.handle(.tick, now: now + 30, clock: Self.synchronised).isEmpty)
    }

    /// Spring forward: London at 01:00 UTC (01:00 GMT → 02:00 BST), New York at 07:00 UTC (02:00 EST → 03:00 EDT).
    @Test func theClocksGoingForwardAreFollowed() {
        #expect(Self.setAfterLogin("Europe/London", at: Self.utc("2026-03-29 00:59:59")) == Self.time(2026, 3, 29, 0, 59))
        #expect(Self.setAfterLogin("Europe/London", at: Self.utc("2026-03-29 01:00:00")) == Self.time(2026, 3, 29, 2, 0))
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2026-03-08 06:59:59")) == Self.time(2026, 3, 8, 1, 59))
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2026-03-08 07:00:00")) == Self.time(2026, 3, 8, 3, 0))
    }

    /// Fall back: London at 01:00 UTC (02:00 BST → 01:00 GMT), New York at 06:00 UTC (02:00 EDT → 01:00 EST).
    @Test func theClocksGoingBackAreFollowed() {
        #expect(Self.setAfterLogin("Europe/London", at: Self.utc("2026-10-25 00:59:59")) == Self.time(2026, 10, 25, 1, 59))
        #expect(Self.setAfterLogin("Europe/London", at: Self.utc("2026-10-25 01:00:00")) == Self.time(2026, 10, 25, 1, 0))
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2026-11-01 05:59:59")) == Self.time(2026, 11, 1, 1, 59))
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2026-11-01 06:00:00")) == Self.time(2026, 11, 1, 1, 0))
    }

    @Test func midnightAndTheYearEndAreLocal() {
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2027-01-01 04:59:59")) == Self.time(2026, 12, 31, 23, 59))
        #expect(Self.setAfterLogin("America/New_York", at: Self.utc("2027-01-01 05:00:00")) == Self.time(2027, 1, 1, 0, 0))
        #expect(Self.setAfterLogin("Pacific/Auckland", at: Self.utc("2026-12-31 10:59:59")) == Self.time(2026, 12, 31, 23, 59))
        #expect(Self.setAfterLogin("Pacific/Auckland", at: Self.utc("2026-12-31 11:00:00")) == Self.time(2027, 1, 1, 0, 0))
        #expect(Self.setAfterLogin("Asia/Kolkata", at: Self.utc("2028-02-29 18:30:00")) == Self.time(2028, 3, 1, 0, 0))
    }

    @Test func aBroadcastWithinTheLimitIsLeftAlone() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.settled("Europe/London", at: now)
        // Right: anywhere in the panel's minute.
        #expect(policy.drift(of: Self.time(2026, 7, 1, 13, 34), at: now) == 0)
        #expect(policy.drift(of: Self.time(2026, 7, 1, 13, 34), at: Self.utc("2026-07-01 12:34:00")) == 0)
        #expect(policy.drift(of: Self.time(2026, 7, 1, 13, 34), at: Self.utc("2026-07-01 12:34:59")) == 0)
        #expect(policy.drift(of: Self.time(2026, 7, 1, 13, 36), at: now) == 64)
        #expect(policy.drift(of: Self.time(2026, 7, 1, 13, 32), at: now) == -117)
        // 120 s off at most: left alone.
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 13, 36)), now: Self.utc("2026-07-01 12:34:00"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 13, 32)), now: Self.utc("2026-07-01 12:34:59"), clock: Self.synchronised).isEmpty)
    }

    @Test func aBroadcastBeyondTheLimitSetsTheClock() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.settled("Europe/London", at: now)
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 13, 31)), now: now, clock: Self.synchronised)
            == [Self.set(Self.time(2026, 7, 1, 13, 34), .drift(seconds: -177))])
        // Another broadcast before the answer: nothing more.
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 13, 31)), now: now, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.answered(.accepted), now: now, clock: Self.synchronised)
            == [.report(.info, "Panel clock set to 2026-07-01 13:34 (Europe/London), the panel's clock was 177 s behind", raw: "010 1334070126")])
        // A broadcast the panel sent before the setting may come after its answer: not read at once.
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 13, 31)), now: now + 4, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 14, 0)), now: now + 5, clock: Self.synchronised)
            == [Self.set(Self.time(2026, 7, 1, 13, 35), .drift(seconds: 1499))])
    }

    /// A panel that missed the change is an hour off, also while it shows an hour the change skipped or repeats.
    @Test func aPanelThatMissedADaylightSavingChangeIsSetRight() {
        var spring = Self.settled("Europe/London", at: Self.utc("2026-03-29 00:30:00"))
        // 02:10 BST; the panel shows 01:10, an hour that does not exist in London that day.
        #expect(spring.handle(.timeBroadcast(Self.time(2026, 3, 29, 1, 10)), now: Self.utc("2026-03-29 01:10:59"), clock: Self.synchronised)
            == [Self.set(Self.time(2026, 3, 29, 2, 10), .drift(seconds: -3600))])
        var autumn = Self.settled("America/New_York", at: Self.utc("2026-11-01 04:30:00"))
        // 01:10 EST, the second 01:10 of the day; the panel shows 02:10.
        #expect(autumn.handle(.timeBroadcast(Self.time(2026, 11, 1, 2, 10)), now: Self.utc("2026-11-01 06:10:00"), clock: Self.synchronised)
            == [Self.set(Self.time(2026, 11, 1, 1, 10), .drift(seconds: 3600))])
    }

    @Test func theDailySettingComesOnceADayAtThePanelsTime() {
        // The day London's clocks go forward: 04:00 BST is 03:00 UTC.
        var policy = Self.settled("Europe/London", at: Self.utc("2026-03-28 12:00:00"))
        #expect(policy.handle(.tick, now: Self.utc("2026-03-29 02:59:59"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.tick, now: Self.utc("2026-03-29 03:00:10"), clock: Self.synchronised)
            == [Self.set(Self.time(2026, 3, 29, 4, 0), .daily)])
        #expect(policy.handle(.answered(.accepted), now: Self.utc("2026-03-29 03:00:10"), clock: Self.synchronised)
            == [.report(.info, "Panel clock set to 2026-03-29 04:00 (Europe/London), daily", raw: "010 0400032926")])
        #expect(policy.handle(.tick, now: Self.utc("2026-03-29 03:00:40"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.tick, now: Self.utc("2026-03-30 02:59:50"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.tick, now: Self.utc("2026-03-30 03:00:20"), clock: Self.synchronised)
            == [Self.set(Self.time(2026, 3, 30, 4, 0), .daily)])
    }

    @Test func aDailySettingDueWhileTheLinkIsDownWaitsForTheLogin() {
        var policy = Self.settled("UTC", at: Self.utc("2026-06-01 12:00:00"))
        #expect(policy.handle(.linkDown, now: Self.utc("2026-06-02 03:00:00"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.tick, now: Self.utc("2026-06-02 04:00:10"), clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.linkUp, now: Self.utc("2026-06-02 04:05:00"), clock: Self.synchronised)
            == [Self.broadcastsOn, Self.set(Self.time(2026, 6, 2, 4, 5), .login)])
    }

    @Test func anUnsynchronisedBoxClockIsNeverWrittenAndToldOnce() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.policy("Europe/London", now: now)
        #expect(policy.handle(.linkUp, now: now, clock: Self.unsynchronised)
            == [Self.broadcastsOn, .report(.fault, "Panel clock not set: the box's clock is not synchronised", raw: "")])
        #expect(policy.handle(.tick, now: now + 30, clock: Self.unsynchronised).isEmpty)
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 10, 0)), now: now + 40, clock: Self.unsynchronised).isEmpty)
        #expect(policy.handle(.linkDown, now: now + 50, clock: Self.unsynchronised).isEmpty)
        #expect(policy.handle(.linkUp, now: now + 60, clock: Self.unsynchronised) == [Self.broadcastsOn])
        // Synchronised: set at the next tick, and the setting is the recovery.
        #expect(policy.handle(.tick, now: now + 90, clock: Self.synchronised) == [Self.set(Self.time(2026, 7, 1, 13, 36), .login)])
        #expect(policy.handle(.answered(.accepted), now: now + 90, clock: Self.synchronised)
            == [.report(.recovery, "Panel clock set again: 2026-07-01 13:36 (Europe/London), after login", raw: "010 1336070126")])
        // Unsynchronised again: told again, once.
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 10, 0)), now: now + 120, clock: Self.unsynchronised)
            == [.report(.fault, "Panel clock not set: the box's clock is not synchronised", raw: "")])
    }

    @Test func aRefusalOfThePanelIsToldOnceAndTheNextSettingRecovers() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.policy("UTC", now: now)
        _ = policy.handle(.linkUp, now: now, clock: Self.synchronised)
        #expect(policy.handle(.answered(.failed(.panelError(.syntaxError))), now: now, clock: Self.synchronised)
            == [.report(.fault, "Panel clock not set: the panel refused it (panel error \(SystemError.syntaxError))", raw: "")])
        // Not retried until the next reason: a broadcast still off.
        #expect(policy.handle(.tick, now: now + 30, clock: Self.synchronised).isEmpty)
        let retry = policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 10, 0)), now: now + 60, clock: Self.synchronised)
        #expect(retry == [Self.set(Self.time(2026, 7, 1, 12, 35), .drift(seconds: -9297))])
        #expect(policy.handle(.answered(.failed(.panelError(.syntaxError))), now: now + 60, clock: Self.synchronised).isEmpty)
        _ = policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 10, 0)), now: now + 90, clock: Self.synchronised)
        #expect(policy.handle(.answered(.accepted), now: now + 90, clock: Self.synchronised)
            == [.report(.recovery, "Panel clock set again: 2026-07-01 12:36 (\(TimeZone(identifier: "UTC")!.identifier)), the panel's clock was 9327 s behind", raw: "010 1236070126")])
    }

    @Test func aSettingLostWithTheLinkIsMadeAfterTheNextLogin() {
        let now = Self.utc("2026-07-01 12:34:56")
        var policy = Self.policy("UTC", now: now)
        _ = policy.handle(.linkUp, now: now, clock: Self.synchronised)
        // The answer comes before the link's report that it is down: not sent again meanwhile.
        #expect(policy.handle(.answered(.failed(.linkLost("closed"))), now: now, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.tick, now: now + 1, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.linkDown, now: now + 2, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.linkUp, now: now + 5, clock: Self.synchronised) == [Self.broadcastsOn, Self.set(Self.time(2026, 7, 1, 12, 35), .login)])
        #expect(policy.handle(.answered(.failed(.unacknowledged("closed"))), now: now + 5, clock: Self.synchronised).isEmpty)
        #expect(policy.handle(.timeBroadcast(Self.time(2026, 7, 1, 10, 0)), now: now + 6, clock: Self.synchronised).isEmpty)
    }

    @Test func aBoxTimeThePanelCannotShowIsRefused() {
        let now = Self.utc("2100-01-01 00:00:30")
        var policy = Self.policy("UTC", now: now)
        #expect(policy.handle(.linkUp, now: now, clock: Self.synchronised)
            == [Self.broadcastsOn, .report(.fault, "Panel clock not set: the box's time 2100-01-01 00:00 cannot be sent (time out of range: year 2100 is not in 2000–2099)", raw: "")])
    }

    /// As `timedatectl`: synchronised while the kernel's maximum error is under 16 s.
    @Test func theKernelsMaximumErrorDecidesWhetherTheBoxClockIsSynchronised() {
        #expect(HostClockStatus.status(maximumErrorMicroseconds: 15_999_999) == .synchronised)
        #expect(HostClockStatus.status(maximumErrorMicroseconds: 16_000_000) != .synchronised)
    }
}
