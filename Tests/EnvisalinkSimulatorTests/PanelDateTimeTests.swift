@testable import EnvisalinkSimulator
import Testing

@Suite("Panel dates and times")
struct PanelDateTimeTests {
    @Test("seconds since 1970", arguments: [
        (Int64(0), "1970-01-01 00:00:00"),
        (951_782_400, "2000-02-29 00:00:00"),
        (1_718_454_896, "2024-06-15 12:34:56"),
        (4_102_444_799, "2099-12-31 23:59:59"),
    ])
    func roundTrip(seconds: Int64, text: String) {
        let time = PanelDateTime(secondsSinceEpoch: seconds)
        let written = "\(time.year)-\(pad(time.month))-\(pad(time.day)) \(time.hhmmss)"
        #expect(written == text)
        #expect(time.secondsSinceEpoch == seconds)
    }

    @Test func broadcastFormat() {
        #expect(PanelDateTime(secondsSinceEpoch: 1_718_454_896).hhmmMMDDYY == "1234061524")
    }

    @Test("invalid times and dates", arguments: ["2400010124", "0060010124", "0000130124", "0000003124",
                                                  "0000043124", "000002292A", "000001012"])
    func invalid(text: String) {
        #expect(PanelDateTime(hhmmMMDDYY: text) == nil)
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
