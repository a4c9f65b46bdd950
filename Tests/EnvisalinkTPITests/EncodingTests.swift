import AlarmCore
import EnvisalinkTPI
import Foundation
import Testing

/// What a panel (or the simulator) writes, encoded and then decoded again.
@Suite("Panel messages: encoding, the inverse of decoding")
struct EncodingTests {
    static let utc = TimeZone.gmt

    @Test("652: the mode digit", arguments: [
        (ArmMode.away, 0), (.stay, 1), (.zeroEntryAway, 2), (.zeroEntryStay, 3), (.unknown(7), 7),
    ])
    func armModeDigit(mode: ArmMode, digit: Int) throws {
        #expect(mode.digit == digit)
        #expect(try Wire.decode("6522\(mode.digit)") == .partitionArmed(partition: 2, mode: mode))
    }

    @Test func everyLEDAndTroubleByte() throws {
        for byte in UInt8.min...UInt8.max {
            let leds = KeypadLEDs(rawValue: byte)
            #expect(try Wire.decode("510" + leds.tpiData) == .keypadLEDs(leds, flashing: false))
            let troubles = TroubleBits(rawValue: byte)
            #expect(try Wire.decode("849" + troubles.tpiData) == .verboseTrouble(troubles))
        }
        #expect(KeypadLEDs([.ready, .bypass, .backlight]).tpiData == "89")
        #expect(TroubleBits([.serviceRequired, .acPowerLost]).tpiData == "03")
    }

    @Test("502: the named errors", arguments: [
        (SystemError.receiveBufferOverflow, "002", "receive buffer overflow"),
        (.syntaxError, "020", "syntax error"),
        (.partitionOutOfRange, "021", "partition out of range"),
        (.notSupported, "022", "not supported"),
        (.disarmWhileNotArmed, "023", "disarm while not armed"),
        (.notReadyToArm, "024", "not ready to arm"),
        (.badLength, "025", "bad length"),
        (.codeNotRequired, "026", "code not required"),
        (.invalidCharacters, "027", "invalid characters"),
    ])
    func namedSystemError(error: SystemError, data: String, meaning: String) throws {
        #expect(error.tpiData == data)
        #expect(error.meaning == meaning)
        #expect(try Wire.decode("502" + error.tpiData) == .systemError(error))
    }

    @Test func keyAlarmCodes() throws {
        #expect(PanicKind.allCases.map(\.alarmCode) == ["621", "623", "625"])
        #expect(PanicKind.allCases.map(\.restoreCode) == ["622", "624", "626"])
        for kind in PanicKind.allCases {
            #expect(try Wire.decode(kind.alarmCode) == .keyAlarm(kind))
            #expect(try Wire.decode(kind.restoreCode) == .keyAlarmRestored(kind))
        }
    }

    @Test func zoneTimersAreLittleEndian() throws {
        let timers: [UInt16] = [0xFFFF, 1, 0, 0xFFFC, 0x1234]
        let data = PanelMessage.tpiData(zoneTimers: timers)
        #expect(data == "FFFF01000000FCFF3412")
        #expect(try Wire.decode("615" + data) == .zoneTimerDump(timers))
    }

    @Test func bypassedZonesHaveOneBitEach() throws {
        #expect(PanelMessage.tpiData(bypassedZones: [1, 64]) == "0100000000000080")
        #expect(PanelMessage.tpiData(bypassedZones: [0, 65]) == "0000000000000000")
        for zone in 1...64 {
            #expect(try Wire.decode("616" + PanelMessage.tpiData(bypassedZones: [zone])) == .bypassedZones([zone]))
        }
        let zones: Set<Int> = [2, 9, 10, 33, 63]
        #expect(try Wire.decode("616" + PanelMessage.tpiData(bypassedZones: zones)) == .bypassedZones(zones))
    }

    @Test("clock readings to the minute, the seconds in the timestamp prefix", arguments: [
        (Int64(0), "1970-01-01 00:00:00"),
        (951_782_400, "2000-02-29 00:00:00"),
        (1_718_454_896, "2024-06-15 12:34:56"),
        (4_102_444_799, "2099-12-31 23:59:59"),
    ])
    func clockReading(seconds: Int64, text: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let time = PanelDateTime(date, in: Self.utc)
        let clock = TPILine.timestampPrefix(date, in: Self.utc).dropLast()
        #expect("\(time.year)-\(time.month.zeroPadded(2))-\(time.day.zeroPadded(2)) \(clock)" == text)
        #expect(time.date(in: Self.utc) == Date(timeIntervalSince1970: TimeInterval(seconds - seconds % 60)))
    }

    @Test func timeBroadcastFormat() throws {
        let time = PanelDateTime(Date(timeIntervalSince1970: 1_718_454_896), in: Self.utc)
        #expect(time.tpiData == "1234061524")
        #expect(PanelDateTime(tpiData: time.tpiData) == time)
        #expect(try Wire.decode("550" + time.tpiData) == .timeBroadcast(time))
        #expect(PanelDateTime(tpiData: "0000022900") == PanelDateTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0))
    }

    @Test("not real times and dates", arguments: [
        "2400010124", "0060010124", "0000130124", "0000003124", "0000043124", "0000023024", "2359022923",
        "000002292A", "000001012", "00000101245",
    ])
    func notARealReading(text: String) {
        #expect(PanelDateTime(tpiData: text) == nil)
    }

    @Test func timestampPrefixIsWhatParsingStrips() throws {
        let date = Date(timeIntervalSince1970: 1_718_454_896)
        #expect(TPILine.timestampPrefix(date, in: Self.utc) == "12:34:56 ")
        #expect(TPILine.timestampPrefix(date, in: TimeZone(secondsFromGMT: -3600)!) == "11:34:56 ")
        let frame = try TPIFrame(code: "609", data: "001")
        let line = Array(TPILine.timestampPrefix(date, in: Self.utc).utf8) + frame.wireBytes.dropLast(2)
        #expect(TPILine.parse(line) == .frame(frame))
    }

    @Test func fieldsAndChecksumDigits() {
        #expect(5.zeroPadded(3) == "005")
        #expect(40.zeroPadded(4) == "0040")
        #expect(1234.zeroPadded(3) == "1234")
        #expect(TPIFrame.hex(0x0A) == "0A")
        #expect(TPIFrame.hex(0x8F) == "8F")
    }
}
