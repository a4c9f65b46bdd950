@testable import AlarmCore
import Testing

@Suite("The box's time zone database")
struct SystemTimeZoneTests {
    @Test(arguments: ["Europe/London", "America/New_York", "Australia/Lord_Howe", "UTC", "Etc/GMT+5"])
    func aZoneOfTheDatabaseIsTaken(name: String) throws {
        try SystemTimeZone.check(name, key: "envisalinkd.clock.time_zone", file: "config.yaml")
    }

    @Test(arguments: ["Europe/Nowhere", "europe/london", "../../etc/passwd", "/etc/localtime", "Europe/", "", "Europe/London "])
    func anythingElseStopsStartUpNamingTheKey(name: String) {
        #expect {
            try SystemTimeZone.check(name, key: "envisalinkd.clock.time_zone", file: "config.yaml")
        } throws: { error in
            "\(error)".contains("envisalinkd.clock.time_zone") && "\(error)".contains("must name a time zone")
        }
    }
}
