import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When the canary goes (`push.canary`): every day at a time of day on a calendar's clock, by
/// default the system's time zone, whose daylight saving time the calendar knows.
struct CanarySchedule: Sendable {
    let time: TimeOfDay
    let calendar: Calendar

    init(time: TimeOfDay, calendar: Calendar = .current) {
        self.time = time
        self.calendar = calendar
    }

    /// The first instant after `date` at ``time`` on the calendar's clock (``TimeOfDay/next(after:in:)``).
    func next(after date: Date) -> Date {
        time.next(after: date, in: calendar.timeZone)
    }

    /// The local date of `instant`, `2026-11-26`: the canary's day.
    func day(of instant: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return "\((parts.year ?? 0).zeroPadded(4))-\((parts.month ?? 0).zeroPadded(2))-\((parts.day ?? 0).zeroPadded(2))"
    }
}
