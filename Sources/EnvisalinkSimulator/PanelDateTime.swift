/// A date and time on the panel's clock (years 2000–2099, as `010` and `550` write them).
struct PanelDateTime: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    /// Parses `010`'s data, `hhmmMMDDYY`; `nil` unless it is a real time and date.
    init?(hhmmMMDDYY text: String) {
        let digits = text.utf8.map { Int($0) - 0x30 }
        guard digits.count == 10, digits.allSatisfy((0...9).contains) else { return nil }
        let pairs = stride(from: 0, to: 10, by: 2).map { digits[$0] * 10 + digits[$0 + 1] }
        (hour, minute, month, day, year, second) = (pairs[0], pairs[1], pairs[2], pairs[3], 2000 + pairs[4], 0)
        guard hour < 24, minute < 60, (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
    }

    /// The time `seconds` after 1970-01-01 00:00:00 on the same clock.
    init(secondsSinceEpoch seconds: Int64) {
        let (days, time) = Self.floorDivide(seconds, 86_400)
        (year, month, day) = Self.civil(fromDays: days)
        (hour, minute, second) = (Int(time / 3600), Int(time % 3600 / 60), Int(time % 60))
    }

    /// Seconds since 1970-01-01 00:00:00 on the same clock.
    var secondsSinceEpoch: Int64 {
        Self.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// `hhmmMMDDYY`, the data of `550` (time broadcast).
    var hhmmMMDDYY: String {
        [hour, minute, month, day, year % 100].map(Self.twoDigits).joined()
    }

    /// `HH:MM:SS`, the timestamp prefix `055` turns on (without its trailing space).
    var hhmmss: String {
        [hour, minute, second].map(Self.twoDigits).joined(separator: ":")
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
