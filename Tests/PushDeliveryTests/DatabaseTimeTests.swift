import AlarmStorage
import Foundation
import GRDB
import Testing

/// Times in the SQLite files: the text GRDB writes for a `Date`, without its `DateFormatter`.
struct DatabaseTimeTests {
    static let times: [Date] = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_764_072_000.123),
        Date(timeIntervalSince1970: 1_764_072_000.1239),  // 12:00:00.123, the rest dropped
        Date(timeIntervalSince1970: 1_709_251_199.999),  // 2024-02-29 23:59:59.999, a leap day
        Date(timeIntervalSince1970: 946_684_799.5),  // 1999-12-31 23:59:59.500
        Date(timeIntervalSince1970: 4_102_444_800),  // 2100-01-01, not a leap year's end
    ]

    @Test(arguments: times) func writesTheTextGRDBWritesForADate(_ time: Date) {
        #expect(DatabaseTime(time).databaseValue == time.databaseValue)
    }

    @Test(arguments: times) func readsWhatGRDBWroteToTheMillisecond(_ time: Date) throws {
        let read = try #require(DatabaseTime.fromDatabaseValue(time.databaseValue))
        let grdbRead = try #require(Date.fromDatabaseValue(time.databaseValue))
        #expect(abs(read.date.timeIntervalSince(grdbRead)) < 0.000_5)
        #expect(DatabaseTime(read.date).databaseValue == time.databaseValue)
    }

    @Test func theExactTextIsUTC() {
        #expect(DatabaseTime(Date(timeIntervalSince1970: 1_764_072_000.25)).databaseValue
            == "2025-11-25 12:00:00.250".databaseValue)
    }

    @Test func nowReadsBackUnchanged() throws {
        let now = DatabaseTime.now()
        #expect(try #require(DatabaseTime.fromDatabaseValue(DatabaseTime(now).databaseValue)).date == now)
    }

    @Test(arguments: ["yesterday", "", "2025-13-01 00:00:00.000", "2025-02-29 12:00:00.000", "2025-11-25 24:00:00.000", "2025-11-25 12:00:00", "2025-11-25 12:00:00.+12", "2025-11-25T12:00:00.000"])
    func textThatIsNoTimeIsNotATime(_ text: String) {
        #expect(DatabaseTime.fromDatabaseValue(text.databaseValue) == nil)
    }

    @Test func aNumberIsNotATime() {
        #expect(DatabaseTime.fromDatabaseValue(1_764_072_000.databaseValue) == nil)
    }
}
