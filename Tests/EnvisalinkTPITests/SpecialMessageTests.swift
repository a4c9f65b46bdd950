import AlarmCore
import EnvisalinkTPI
import Testing

@Suite("Panel messages: arm modes, firmware variants, users, zones, system errors")
struct SpecialMessageTests {
    static let modes: [(digit: String, mode: ArmMode, text: String)] = [
        ("0", .away, "away"), ("1", .stay, "stay"), ("2", .zeroEntryAway, "zero-entry away"),
        ("3", .zeroEntryStay, "zero-entry stay"), ("4", .unknown(4), "mode 4"), ("9", .unknown(9), "mode 9"),
    ]

    @Test("652 in every mode, unknown digits kept", arguments: modes)
    func armedModes(digit: String, mode: ArmMode, text: String) throws {
        #expect(try Wire.decode("6523" + digit) == .partitionArmed(partition: 3, mode: mode))
        let event = try Wire.event("6523" + digit)
        #expect(event.type == .armed)
        #expect(event.message == "Partition 3 armed (\(text))")
        #expect(event.partition == 3)
    }

    @Test func firmwareVariantsOf832And833() throws {
        // IT-100: 832 without data is the home-automation trouble restore (831 is the trouble).
        #expect(try Wire.decode("831") == .trouble(.homeAutomation))
        #expect(try Wire.decode("832") == .troubleRestored(.homeAutomation))
        #expect(try Wire.event("832").type == .recovery)
        #expect(try Wire.event("832").zone == nil)
        // Envisalink firmware 205+: 832/833 carry a wireless zone.
        #expect(try Wire.decode("832012") == .wirelessZoneLowBattery(zone: 12))
        #expect(try Wire.decode("833128") == .wirelessZoneLowBatteryRestored(zone: 128))
        let low = try Wire.event("832012")
        #expect(low.type == .fault)
        #expect(low.message == "Wireless zone low battery: Kitchen window")
        #expect(low.zone == 12 && low.zoneName == "Kitchen window")
        #expect(try Wire.event("833128").type == .recovery)
        // 833 has no IT-100 meaning: without a zone it is malformed.
        guard case .malformed = try Wire.decode("833") else {
            Issue.record("an empty 833 should be malformed")
            return
        }
    }

    @Test func unconfiguredZonesAreNamedNotDropped() throws {
        let mapper = PanelEventMapper(zoneNames: [:])
        for (wire, name) in [("609001", "zone 001"), ("609045", "zone 045"), ("609128", "zone 128")] {
            let frame = try Wire.frame(wire)
            let event = try #require(mapper.event(for: PanelMessage.decode(frame), frame: frame, timestamp: 0))
            #expect(event.zoneName == name)
            #expect(event.message == "Zone open: \(name)")
        }
        let frame = try Wire.frame("6038128")
        let event = try #require(mapper.event(for: PanelMessage.decode(frame), frame: frame, timestamp: 0))
        #expect(event.zone == 128 && event.zoneName == "zone 128")
    }

    @Test func userZeroIsNotAnEventUser() throws {
        #expect(try Wire.decode("75010000") == .userOpening(partition: 1, user: 0))
        let event = try Wire.event("75010000")
        #expect(event.user == nil)
        #expect(event.message == "Partition 1 disarmed by user 0")
        #expect(try Wire.event("70089999").user == 9999)
    }

    @Test func aConfiguredUserIsNamed() throws {
        let mapper = PanelEventMapper(zoneNames: [:], userNames: [40: "Anna"])
        for (wire, name, message) in [("75010040", "Anna", "Partition 1 disarmed by Anna (user 40)"),
                                      ("70020040", "Anna", "Partition 2 armed by Anna (user 40)"),
                                      ("75010007", nil, "Partition 1 disarmed by user 7")] {
            let frame = try Wire.frame(wire)
            let event = try #require(mapper.event(for: PanelMessage.decode(frame), frame: frame, timestamp: 0))
            #expect(event.userName == name && event.message == message, "\(wire)")
        }
        let zero = try Wire.frame("75010000")
        #expect(try #require(PanelEventMapper(zoneNames: [:], userNames: [0: "Nobody"])
            .event(for: PanelMessage.decode(zero), frame: zero, timestamp: 0)).userName == nil, "no user, no name")
    }

    static let systemErrors: [(code: String, meaning: String, retryable: Bool)] = [
        ("000", "no error", false), ("001", "receive buffer overrun", true), ("002", "receive buffer overflow", true),
        ("003", "transmit buffer overflow", false), ("010", "keybus transmit buffer overrun", true),
        ("014", "keybus down", false), ("017", "installer mode", false), ("023", "disarm while not armed", false),
        ("024", "not ready to arm", false), ("026", "code not required", false), ("027", "invalid characters", false),
        ("028", "IT-100 error", false), ("033", "IT-100 error", false), ("034", "unknown error", false),
        ("999", "unknown error", false),
    ]

    @Test("502 errors keep their number, meaning and retry rule", arguments: systemErrors)
    func systemError(code: String, meaning: String, retryable: Bool) throws {
        guard case let .systemError(error) = try Wire.decode("502" + code) else {
            Issue.record("502\(code) is not a system error")
            return
        }
        #expect(error.code == Int(code))
        #expect(error.meaning == meaning)
        #expect(error.isRetryable == retryable)
        #expect(error.description == "\(code): \(meaning)")
    }

    @Test func timeBroadcastOnLeapDayAndInYear2000() throws {
        #expect(try Wire.decode("5500000022924") == .timeBroadcast(PanelDateTime(year: 2024, month: 2, day: 29, hour: 0, minute: 0)))
        #expect(try Wire.event("5501205010100").message == "Panel time 2000-01-01 12:05")
    }
}
