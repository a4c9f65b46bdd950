#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension TimeOfDay {
    /// The first instant after `date` at this time on `calendar`'s clock (its time zone, whose
    /// daylight saving time it knows). On a day the clocks skip this time, the first instant after
    /// the gap; on a day they go back across it, the first of the two.
    public func next(after date: Date, in calendar: Calendar) -> Date {
        let components = DateComponents(hour: hour, minute: minute, second: 0)
        return calendar.nextDate(
            after: date, matching: components, matchingPolicy: .nextTime, repeatedTimePolicy: .first)
            ?? date.addingTimeInterval(86_400)
    }
}
