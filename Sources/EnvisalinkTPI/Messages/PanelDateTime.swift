#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmCore

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
        let calendar = Self.calendar(in: timeZone)
        self.init(
            year: calendar.component(.year, from: date),
            month: calendar.component(.month, from: date),
            day: calendar.component(.day, from: date),
            hour: calendar.component(.hour, from: date),
            minute: calendar.component(.minute, from: date))
    }

    /// The reading parsed from the TPI form `hhmmMMDDYY` (the data of `550` and `010`); `nil`
    /// unless it is 10 digits that make a real date and time (no 30 February, no 29 February
    /// outside leap years).
    public init?(tpiData: String) {
        guard let time = try? PanelDateTime(parsing: tpiData) else { return nil }
        self = time
    }

    /// The reading in `hhmmMMDDYY`, or why it is not one (for ``PanelMessage/malformed(code:reason:)``).
    init(parsing data: String) throws(PanelDataProblem) {
        var fields = try PanelFields(data, length: 10, layout: "hhmmMMDDYY")
        let values = try ["hour", "minute", "month", "day", "year"].map { (name: String) throws(PanelDataProblem) in
            try fields.number(name, digits: 2, in: 0...99)
        }
        self.init(year: 2000 + values[4], month: values[2], day: values[3], hour: values[0], minute: values[1])
        if let outOfRange { throw PanelDataProblem(outOfRange) }
    }

    /// The moment this reading names in `timeZone`, at second 0: the inverse of ``init(_:in:)``
    /// to the minute. Fields out of range carry over as the calendar carries them (30 February
    /// is in March); `nil` only when the calendar cannot place the reading at all.
    public func date(in timeZone: TimeZone) -> Date? {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return Self.calendar(in: timeZone).date(from: components)
    }

    /// The Gregorian calendar in `timeZone`, by which the panel's clock counts.
    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// `2024-12-31 23:59`.
    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2)) \(hour.zeroPadded(2)):\(minute.zeroPadded(2))"
    }

    /// The TPI form, `hhmmMMDDYY` (the data of `550` and `010`), e.g. `2359123124`; a real reading
    /// only when every field is in range (``PanelCommand/frame()`` checks that for `010`).
    public var tpiData: String {
        [hour, minute, month, day, year % 100].map { $0.zeroPadded(2) }.joined()
    }

    /// The first field outside its range, as `month 13 is not in 1–12` or `day 30 is not in 1–29`;
    /// `nil` when all fit.
    var outOfRange: String? {
        let fields: [(name: String, value: Int, range: ClosedRange<Int>)] = [
            ("hour", hour, 0...23), ("minute", minute, 0...59), ("month", month, 1...12),
            ("day", day, 1...daysInMonth), ("year", year, 2000...2099),
        ]
        guard let field = fields.first(where: { !$0.range.contains($0.value) }) else { return nil }
        return "\(field.name) \(field.value) is not in \(field.range.lowerBound)–\(field.range.upperBound)"
    }

    /// The days of ``month`` in ``year`` (31 for a month out of range, which is reported first).
    private var daysInMonth: Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
