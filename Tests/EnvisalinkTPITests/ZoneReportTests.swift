import AlarmCore
import EnvisalinkTPI
import Testing

@Suite("Panel messages: zone timer dump (615) and bypassed zones (616)")
struct ZoneReportTests {
    @Test("615 timers are little-endian", arguments: [
        ("FFFF", UInt16(0xFFFF)), ("0100", 1), ("0001", 0x100), ("3412", 0x1234), ("F9FF", 0xFFF9), ("0000", 0), ("abcd", 0xCDAB),
    ])
    func littleEndian(hex: String, value: UInt16) throws {
        #expect(try Wire.decode("615" + hex) == .zoneTimerDump([value]))
    }

    @Test func fullDumpsOf64And128Zones() throws {
        let open64 = Array(repeating: UInt16(0xFFFF), count: 64)
        #expect(try Wire.decode("615" + String(repeating: "FFFF", count: 64)) == .zoneTimerDump(open64))
        let dump = String(repeating: "0000", count: 127) + "FFFF"
        #expect(try Wire.decode("615" + dump) == .zoneTimerDump(Array(repeating: 0, count: 127) + [0xFFFF]))
        #expect(try Wire.event("615" + dump).message == "Zone timers: open: zone 128")
        #expect(try Wire.event("615" + String(repeating: "F9FF", count: 64)).message == "Zone timers: open: none")
    }

    static let bypassRows: [(hex: String, zones: Set<Int>)] = [
        ("0100000000000000", [1]),
        ("8000000000000000", [8]),
        ("0001000000000000", [9]),
        ("0000000000000080", [64]),
        ("FF00000000000000", Set(1...8)),
        ("0300000000000001", [1, 2, 57]),
        ("FFFFFFFFFFFFFFFF", Set(1...64)),
        ("0000000000000000", []),
    ]

    @Test("616 bit order: byte 0 is zones 1–8, lowest bit first", arguments: bypassRows)
    func bypassBits(hex: String, zones: Set<Int>) throws {
        #expect(try Wire.decode("616" + hex) == .bypassedZones(zones))
    }

    @Test func bypassMessageNamesZonesInOrder() throws {
        #expect(try Wire.event("6160308000000000001").message == "Bypassed zones: Front door, zone 002, Kitchen window, zone 057")
        #expect(try Wire.event("6160000000000000000").message == "Bypassed zones: none")
    }
}
