#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// The wait that `value` (as the HTTP parser gives it, without surrounding whitespace) asks
    /// for: delay-seconds (`120`) or an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) measured
    /// from `now`; a date in the past gives zero. `nil` for anything else, including the
    /// obsolete RFC 850 and asctime date forms.
    public static func parse(_ value: String, now: Date) -> Duration? {
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return Int64(value).map { .seconds($0) }
        }
        guard let date = imfFixdate(value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now).rounded(.up)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    private static func imfFixdate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), parts[1].count == 2, (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), parts[3].count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// Days from 1970-01-01 to a date in the proleptic Gregorian calendar
    /// (the well-known days-from-civil computation, in 400-year eras).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
