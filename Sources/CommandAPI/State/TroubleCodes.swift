import AlarmCore

/// The panel codes (see "Panel code mapping" in `docs/event-format.md`) that open a trouble, and
/// the codes that restore each.
///
/// Only troubles that have a restore are tracked, so that the list of active troubles empties
/// again. One-off faults (a failed arming, a busy partition) are in the event history only.
enum TroubleCodes {
    /// Opening code → restoring code.
    static let restores: [String: String] = [
        "603": "604", "605": "606",  // zone tamper, zone fault
        "800": "801", "802": "803", "806": "807",  // panel battery, AC power, bell
        "810": "811", "812": "813", "814": "815",  // phone lines 1 and 2, communication
        "821": "822", "825": "826", "827": "828",  // device, wireless key, handheld keypad batteries
        "829": "830", "831": "832", "832": "833",  // system tamper, home automation, wireless zone battery
        "840": "841", "842": "843", "896": "897",  // trouble LED, fire trouble, keybus
    ]
    /// Restoring code → opening code.
    private static let opens = Dictionary(uniqueKeysWithValues: restores.map { ($0.value, $0.key) })
    /// Verbose trouble status: a `fault` while any trouble bit is set, `info` when none is.
    static let verboseStatus = "849"

    /// What `event` does to the troubles: opens or restores the trouble with the returned key, or
    /// `nil` when it is not about a tracked trouble.
    static func effect(of event: AlarmEvent) -> (key: TroubleKey, active: Bool)? {
        func key(_ code: String) -> TroubleKey {
            TroubleKey(code: code, partition: event.partition, zone: event.zone)
        }
        if event.code == verboseStatus {
            return (key(verboseStatus), event.type == .fault)
        }
        // 832 is both the home automation restore (no zone) and the wireless zone low battery.
        let opensTrouble = restores[event.code] != nil && (event.code != "832" || event.zone != nil)
        if opensTrouble, event.type == .fault || event.type == .alarm {
            return (key(event.code), true)
        }
        if event.type == .recovery, let opening = opens[event.code] {
            return (key(opening), false)
        }
        return nil
    }
}
