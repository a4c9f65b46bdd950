import AlarmCore
import Foundation
import Testing

@testable import PushConsumer

/// When the canary goes: the next instant at the configured local time, across midnight and
/// daylight saving time.
@Suite struct CanaryScheduleTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func schedule(_ time: String) throws -> CanarySchedule {
        CanarySchedule(time: try #require(TimeOfDay(time)), calendar: berlin)
    }

    /// An instant given in UTC, `2026-11-26T08:00:00Z`.
    static func utc(_ text: String) throws -> Date {
        try #require(try? Date(text, strategy: .iso8601))
    }

    @Test func laterTodayOrElseTomorrow() throws {
        let schedule = try Self.schedule("09:30")  // 08:30 UTC in winter
        #expect(schedule.next(after: try Self.utc("2026-11-26T08:00:00Z")) == (try Self.utc("2026-11-26T08:30:00Z")))
        #expect(schedule.next(after: try Self.utc("2026-11-26T08:29:59Z")) == (try Self.utc("2026-11-26T08:30:00Z")))
        #expect(schedule.next(after: try Self.utc("2026-11-26T08:30:00Z")) == (try Self.utc("2026-11-27T08:30:00Z")))
        #expect(schedule.next(after: try Self.utc("2026-11-26T20:00:00Z")) == (try Self.utc("2026-11-27T08:30:00Z")))
        // In summer (CEST) the same local time is an hour earlier in UTC.
        #expect(schedule.next(after: try Self.utc("2026-07-01T00:00:00Z")) == (try Self.utc("2026-07-01T07:30:00Z")))
    }

    @Test func theDayIsTheLocalDate() throws {
        let schedule = try Self.schedule("00:15")
        let fire = schedule.next(after: try Self.utc("2026-11-26T20:00:00Z"))
        #expect(fire == (try Self.utc("2026-11-26T23:15:00Z")))
        #expect(schedule.day(of: fire) == "2026-11-27")
    }

    @Test func aTimeTheClocksSkipGoesRightAfterTheGapAndARepeatedOneOnce() throws {
        // 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00 UTC); 02:30 does not exist that day.
        let skipped = try Self.schedule("02:30")
        let spring = skipped.next(after: try Self.utc("2026-03-28T12:00:00Z"))
        #expect(spring == (try Self.utc("2026-03-29T01:00:00Z")))
        #expect(skipped.day(of: spring) == "2026-03-29")
        #expect(skipped.next(after: spring) == (try Self.utc("2026-03-30T00:30:00Z")))
        // 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 happens twice, sent at the first.
        let repeated = skipped.next(after: try Self.utc("2026-10-24T12:00:00Z"))
        #expect(repeated == (try Self.utc("2026-10-25T00:30:00Z")))
        #expect(skipped.next(after: repeated) == (try Self.utc("2026-10-26T01:30:00Z")))
    }
}
