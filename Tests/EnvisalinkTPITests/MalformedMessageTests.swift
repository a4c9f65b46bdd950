import AlarmCore
import EnvisalinkTPI
import Testing

@Suite("Panel messages: malformed data")
struct MalformedMessageTests {
    /// Frames whose data does not fit their code, family by family, with a piece of the reason.
    static let rows: [(wire: String, reason: String)] = [
        // partition only
        ("650", "expected 1 characters (partition), got 0"),
        ("65012", "expected 1 characters (partition), got 2"),
        ("6500", "partition 0 is not in 1–8"),
        ("6509", "partition 9 is not in 1–8"),
        ("650X", "partition \"X\" is not 1 digit"),
        ("8410", "partition 0"),
        // zone only
        ("609000", "zone 0 is not in 1–128"),
        ("609129", "zone 129 is not in 1–128"),
        ("60901", "expected 3 characters (zone), got 2"),
        ("6090011", "expected 3 characters (zone), got 4"),
        ("609A01", "zone \"A01\" is not 3 digits"),
        ("833", "expected 3 characters (zone), got 0"),
        // partition and zone
        ("6010001", "partition 0"),
        ("6019001", "partition 9"),
        ("6011000", "zone 0"),
        ("6041999", "zone 999"),
        ("601100", "expected 4 characters (partition and zone), got 3"),
        // partition and user
        ("7001001", "expected 5 characters (partition and user), got 4"),
        ("750100A1", "user \"00A1\" is not 4 digits"),
        ("70090001", "partition 9"),
        // acknowledgements
        ("50003", "expected 3 characters (command code), got 2"),
        ("50003A", "command code \"03A\" is not 3 digits"),
        ("5022", "expected 3 characters (error code)"),
        ("5054", "login status 4 is not in 0–3"),
        ("505", "expected 1 characters (login status), got 0"),
        // hex bits
        ("5108", "expected 2 characters (LED bits), got 1"),
        ("511GG", "LED bits \"GG\" is not 2 hex digits"),
        ("849+F", "trouble bits \"+F\" is not 2 hex digits"),
        ("849123", "expected 2 characters (trouble bits), got 3"),
        // time broadcast
        ("550235912312", "expected 10 characters (hhmmMMDDYY), got 9"),
        ("5502460123124", "hour 24 is not in 0–23"),
        ("5502359133124", "month 13 is not in 1–12"),
        ("5502359120024", "day 0 is not in 1–31"),
        ("5500000023024", "day 30 is not in 1–29"),
        ("5500000022923", "day 29 is not in 1–28"),
        ("5500000043124", "day 31 is not in 1–30"),
        ("55023591231-4", "year \"-4\" is not 2 digits"),
        // zone reports
        ("615", "1–128 zones, got 0 characters"),
        ("615FFF", "got 3 characters"),
        ("615" + String(repeating: "FFFF", count: 129), "got 516 characters"),
        ("615FFFF00G0", "zone 002 timer \"G0\" is not 2 hex digits"),
        ("616FF", "expected 16 characters (8 hex bytes), got 2"),
        ("61600000000000000ZZ", "byte 7 \"ZZ\" is not 2 hex digits"),
        // armed
        ("6521", "expected 2 characters (partition and mode), got 1"),
        ("6521X", "mode \"X\" is not 1 digit"),
        ("65201", "partition 0"),
        // code required, command output
        ("9001", "expected 2 characters (partition and code length, or nothing), got 1"),
        ("90094", "partition 9"),
        ("90010", "code length 0 is not in 1–9"),
        ("91215", "PGM 5 is not in 1–4"),
        ("9121", "expected 2 characters (partition and PGM), got 1"),
        // 832: nothing or a zone
        ("83212", "expected 3 characters (zone, or nothing on the IT-100), got 2"),
        ("832000", "zone 0"),
    ]

    @Test("decodes as malformed, and maps to an unknown event with the code", arguments: rows)
    func malformed(wire: String, reason: String) throws {
        let code = String(wire.prefix(3))
        guard case let .malformed(malformedCode, actualReason) = try Wire.decode(wire) else {
            Issue.record("\(wire) decoded as \(try Wire.decode(wire))")
            return
        }
        #expect(malformedCode == code)
        #expect(actualReason.contains(reason), "\(actualReason)")
        let event = try Wire.event(wire)
        #expect(event.type == .unknown)
        #expect(event.code == code)
        #expect(event.message == "Malformed panel message \(code): \(actualReason)")
        #expect(event.raw == (try Wire.frame(wire)).redacted)
        #expect(event.partition == nil && event.zone == nil && event.zoneName == nil && event.user == nil)
    }

    static let extraData: [(wire: String, message: PanelMessage)] = [
        ("6200000", .duressAlarm), ("621X", .keyAlarm(.fire)), ("80012", .trouble(.panelBattery)),
        ("8311", .trouble(.homeAutomation)), ("921123", .masterCodeRequired), ("5011", .commandChecksumError),
    ]

    @Test("codes without data ignore any data", arguments: extraData)
    func dataIsIgnored(wire: String, message: PanelMessage) throws {
        #expect(try Wire.decode(wire) == message)
    }
}
