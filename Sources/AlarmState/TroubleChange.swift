public import AlarmCore

/// A trouble an event begins or ends: one of the panel's (`zone` `nil`), or one zone's.
///
/// The one derivation of troubles from events: the MQTT bridge's ``PanelState`` takes the
/// panel's, the command API's status all of them (by partition and zone).
public struct TroubleChange: Sendable, Hashable {
    /// The trouble.
    public var trouble: Trouble
    /// Whether it begins (`true`) or ends.
    public var active: Bool
    /// The zone of a zone's own trouble: tamper (`603`/`604`), fault (`605`/`606`), a wireless
    /// zone's low battery (`832`/`833` with a zone); `nil` for the panel's troubles.
    public var zone: Int?

    /// `trouble` beginning (`active`) or ending, of `zone` (`nil`: the panel's).
    public init(_ trouble: Trouble, active: Bool, zone: Int? = nil) {
        self.trouble = trouble
        self.active = active
        self.zone = zone
    }

    /// The codes that begin (`fault` or `alarm` events) and end (`recovery` events) the panel's troubles.
    static let panelCodes: [String: (trouble: Trouble, active: Bool)] = [
        "800": (.panelBattery, true), "801": (.panelBattery, false),
        "802": (.acPower, true), "803": (.acPower, false),
        "806": (.bell, true), "807": (.bell, false),
        "810": (.phoneLine, true), "811": (.phoneLine, false),
        "812": (.phoneLine2, true), "813": (.phoneLine2, false),
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
    /// The codes that begin and end a zone's own troubles, in events that name the zone. (`832`
    /// with a zone is a wireless zone's low battery, without one the home automation restore.)
    static let zoneCodes: [String: (trouble: Trouble, active: Bool)] = [
        "603": (.zoneTamper, true), "604": (.zoneTamper, false),
        "605": (.zoneFault, true), "606": (.zoneFault, false),
        "832": (.zoneLowBattery, true), "833": (.zoneLowBattery, false),
    ]
    /// The verbose trouble status, whose `raw` carries one hex byte of trouble bits.
    static let verboseTroubleCode = "849"
    /// The troubles of the bits of an `849`, bit 0 first.
    static let verboseTroubleBits: [Trouble] = [
        .serviceRequired, .acPower, .phoneLine, .communication, .zoneFault, .zoneTamper, .zoneLowBattery, .lossOfTime,
    ]

    /// What `event` says about troubles: each one it begins or ends. An `849` (`fault`, or `info`
    /// when no bit is set) sets all eight of its troubles, each bit on or off.
    public static func changes(of event: AlarmEvent) -> [TroubleChange] {
        if event.code == verboseTroubleCode, event.type == .fault || event.type == .info {
            guard let bits = event.rawDataByte else { return [] }
            return verboseTroubleBits.enumerated().map { TroubleChange($1, active: bits & (1 << $0) != 0) }
        }
        guard let (trouble, active) = (event.zone == nil ? panelCodes : zoneCodes)[event.code] else { return [] }
        let expected: Set<EventType> = active ? [.fault, .alarm] : [.recovery]
        return expected.contains(event.type) ? [TroubleChange(trouble, active: active, zone: event.zone)] : []
    }
}
