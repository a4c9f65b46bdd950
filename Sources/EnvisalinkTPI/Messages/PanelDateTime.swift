#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A panel clock reading to the minute, as the TPI writes it: `hhmmMMDDYY`.
///
/// The `550` time broadcast carries one, and the `010` command sets the panel's clock to one.
/// The panel keeps a two-digit year, so ``year`` is 2000–2099.
public struct PanelDateTime: Sendable, Hashable, CustomStringConvertible {
    /// The year, 2000–2099.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int
    /// The hour, 0–23.
    public var hour: Int
    /// The minute, 0–59.
    public var minute: Int

    /// A clock reading; ``PanelCommand/frame()`` checks the ranges.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// The calendar date and wall-clock time of `date` in `timeZone` (Gregorian calendar year,
    /// never the ISO week-based year, so 30 December 2024 stays in 2024).
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.init(
            year: calendar.component(.year, from: date),
            month: calendar.component(.month, from: date),
            day: calendar.component(.day, from: date),
            hour: calendar.component(.hour, from: date),
            minute: calendar.component(.minute, from: date))
    }

    /// `2024-12-31 23:59`.
    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2)) \(hour.zeroPadded(2)):\(minute.zeroPadded(2))"
    }

    /// The TPI form, `hhmmMMDDYY`; valid only when ``outOfRange`` is `nil`.
    var wireDigits: String {
        [hour, minute, month, day, year % 100].map { $0.zeroPadded(2) }.joined()
    }

    /// The first field outside its range, as `month 13 is not in 1–12`; `nil` when all fit.
    var outOfRange: String? {
        let fields: [(name: String, value: Int, range: ClosedRange<Int>)] = [
            ("hour", hour, 0...23), ("minute", minute, 0...59), ("month", month, 1...12),
            ("day", day, 1...31), ("year", year, 2000...2099),
        ]
        guard let field = fields.first(where: { !$0.range.contains($0.value) }) else { return nil }
        return "\(field.name) \(field.value) is not in \(field.range.lowerBound)–\(field.range.upperBound)"
    }
}
