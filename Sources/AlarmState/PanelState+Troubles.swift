import AlarmCore

extension PanelState {
    /// The codes that begin (`fault` or `alarm` events) and end (`recovery` events) each trouble.
    static let troubleCodes: [String: (trouble: Trouble, active: Bool)] = [
        "800": (.panelBattery, true), "801": (.panelBattery, false),
        "802": (.acPower, true), "803": (.acPower, false),
        "806": (.bell, true), "807": (.bell, false),
        "810": (.phoneLine, true), "811": (.phoneLine, false),
        "812": (.phoneLine, true), "813": (.phoneLine, false),
        "814": (.communication, true), "815": (.communication, false),
        "821": (.deviceBattery, true), "822": (.deviceBattery, false),
        "825": (.wirelessKeyBattery, true), "826": (.wirelessKeyBattery, false),
        "827": (.keypadBattery, true), "828": (.keypadBattery, false),
        "829": (.systemTamper, true), "830": (.systemTamper, false),
        "831": (.homeAutomation, true), "832": (.homeAutomation, false),
        "840": (.troubleLight, true), "841": (.troubleLight, false),
        "842": (.fire, true), "843": (.fire, false),
        "896": (.keybus, true), "897": (.keybus, false),
    ]
    /// The verbose trouble status, whose `raw` carries one hex byte of trouble bits.
    static let verboseTroubleCode = "849"
    /// The troubles of the bits of an `849`, bit 0 first.
    static let verboseTroubleBits: [Trouble] = [
        .serviceRequired, .acPower, .phoneLine, .communication, .zoneFault, .zoneTamper, .zoneLowBattery, .lossOfTime,
    ]

    mutating func applyTroubles(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        Self.troubles(of: event).compactMap { trouble, active in
            guard let record = troubleRecords[trouble] else {
                troubleRecords[trouble] = (active, stamp)
                return .trouble(trouble, active: active)
            }
            guard stamp.supersedes(record.stamp) else { return nil }
            troubleRecords[trouble] = (active, stamp)
            return record.active == active ? nil : .trouble(trouble, active: active)
        }
    }

    /// What `event` says about troubles: each one it begins or ends.
    private static func troubles(of event: AlarmEvent) -> [(Trouble, Bool)] {
        if event.code == verboseTroubleCode, event.type == .fault || event.type == .info {
            guard let bits = verboseBits(raw: event.raw) else { return [] }
            return verboseTroubleBits.enumerated().map { ($1, bits & (1 << $0) != 0) }
        }
        // 832 with a zone is a wireless zone's low battery, not the home automation restore.
        guard let (trouble, active) = troubleCodes[event.code], event.zone == nil else { return [] }
        let expected: Set<EventType> = active ? [.fault, .alarm] : [.recovery]
        return expected.contains(event.type) ? [(trouble, active)] : []
    }

    /// The byte of an `849`'s `raw` (`849 03`).
    private static func verboseBits(raw: String) -> UInt8? {
        let parts = raw.split(separator: " ")
        guard parts.count == 2, parts[1].utf8.count == 2, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return UInt8(parts[1], radix: 16)
    }
}
