#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import GRDB
import AlarmCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in time as HowAlarming's SQLite columns hold it: `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
///
/// That is the text GRDB writes for a `Date`, so files written before keep their meaning, and
/// times compare in SQL as text. GRDB formats it with Foundation's `DateFormatter`, and
/// FoundationEssentials' date styles look up the local time zone; either way ICU's data is
/// loaded into the daemon (2–3 MB resident). This type converts with the C library's UTC
/// calendar (`gmtime_r`, `timegm`) instead. Bind `DatabaseTime(date)`, read ``GRDB/Row/time(_:)``.
public struct DatabaseTime: DatabaseValueConvertible, Sendable {
    /// The time.
    public let date: Date

    /// `date`, which the database stores to the nearest millisecond.
    public init(_ date: Date) {
        self.date = date
    }

    /// The current time as it reads back from the database (to the millisecond), so that what a
    /// write returns equals what is read back later.
    public static func now() -> Date {
        date(milliseconds: milliseconds(Date()))
    }

    public var databaseValue: DatabaseValue {
        let milliseconds = Self.milliseconds(date)
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        let day = "\((Int(fields.tm_year) + 1900).zeroPadded(4))-\((Int(fields.tm_mon) + 1).zeroPadded(2))-"
            + Int(fields.tm_mday).zeroPadded(2)
        let clock = "\(Int(fields.tm_hour).zeroPadded(2)):\(Int(fields.tm_min).zeroPadded(2)):"
            + "\(Int(fields.tm_sec).zeroPadded(2)).\(fraction.zeroPadded(3))"
        return "\(day) \(clock)".databaseValue
    }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseTime? {
        guard let text = String.fromDatabaseValue(value) else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count == 23, separators.allSatisfy({ bytes[$0.offset] == $0.byte }),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
            let second = number(bytes[17..<19]), let fraction = number(bytes[20..<23])
        else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (Int32(year - 1900), Int32(month - 1), Int32(day))
        (fields.tm_hour, fields.tm_min, fields.tm_sec) = (Int32(hour), Int32(minute), Int32(second))
        let seconds = timegm(&fields)
        // timegm carries fields out of range into the next (month 13, 30 February, hour 24): such
        // a text is not a time.
        guard fields.tm_mon == month - 1, fields.tm_mday == day, fields.tm_hour == hour, fields.tm_min == minute,
            fields.tm_sec == second
        else { return nil }
        return DatabaseTime(date(milliseconds: Int64(seconds) * 1000 + Int64(fraction)))
    }

    /// Where `yyyy-MM-dd HH:mm:ss.SSS` has its separators.
    private static let separators: [(offset: Int, byte: UInt8)] = [
        (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: " ")),
        (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":")), (19, UInt8(ascii: ".")),
    ]

    /// The decimal number `bytes` spell, all digits.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension Row {
    /// The time in `column` (see ``DatabaseTime``).
    public func time(_ column: String) -> Date {
        (self[column] as DatabaseTime).date
    }

    /// The time in `column`, or `nil` when it is NULL.
    public func optionalTime(_ column: String) -> Date? {
        (self[column] as DatabaseTime?)?.date
    }
}
