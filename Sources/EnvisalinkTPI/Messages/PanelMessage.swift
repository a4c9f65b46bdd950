/// One message from the Envisalink (EVL → client), decoded from a ``TPIFrame`` by
/// ``decode(_:)``.
///
/// Every code of the TPI (DSC) reference has a typed value; codes nobody documents decode
/// as ``unknown(code:)``, and a known code with data that does not fit decodes as
/// ``malformed(code:reason:)``. Partitions are 1–8 and zones 1–128 in every value `decode`
/// produces. The comments give the code (and the data layout: `P` partition digit, `ZZZ`
/// zone, `UUUU` user number).
public enum PanelMessage: Sendable, Hashable {
    // MARK: Acknowledgements and session control

    /// `500` `CCC`: the command with code `code` was accepted.
    case commandAccepted(code: String)
    /// `501`: the last command had a bad checksum.
    case commandChecksumError
    /// `502` `NNN`: the last command failed with a system error.
    case systemError(SystemError)
    /// `505` `0`–`3`: the state of the network login.
    case login(LoginStatus)
    /// `900`: the panel wants an access code, to be answered with `200`. Older firmware sends no
    /// data (both `nil`); newer firmware sends the partition and the number of code digits.
    case codeRequired(partition: Int?, digits: Int?)
    /// `921`: the panel wants the master code.
    case masterCodeRequired
    /// `922`: the panel wants the installer code.
    case installerCodeRequired

    // MARK: Keypad and broadcasts

    /// `510` (steady) and `511` (`flashing`): the keypad LEDs of partition 1, 2 hex digits.
    case keypadLEDs(KeypadLEDs, flashing: Bool)
    /// `550` `hhmmMMDDYY`: the panel's clock, broadcast about every 4 minutes after `0561`.
    case timeBroadcast(PanelDateTime)
    /// `560`: ring detected; any data is kept as sent.
    case ringDetected(data: String)
    /// `561`: indoor temperature broadcast (thermostat and temperature), kept as sent.
    case indoorTemperature(data: String)
    /// `562`: outdoor temperature broadcast (thermostat and temperature), kept as sent.
    case outdoorTemperature(data: String)

    // MARK: Zones

    /// `601` `PZZZ`: a zone went into alarm.
    case zoneAlarm(partition: Int, zone: Int)
    /// `602` `PZZZ`: a zone alarm was restored.
    case zoneAlarmRestored(partition: Int, zone: Int)
    /// `603` `PZZZ`: a zone has a tamper condition.
    case zoneTamper(partition: Int, zone: Int)
    /// `604` `PZZZ`: a zone tamper was restored.
    case zoneTamperRestored(partition: Int, zone: Int)
    /// `605` `ZZZ`: a zone has a (supervisory) fault.
    case zoneFault(zone: Int)
    /// `606` `ZZZ`: a zone fault was restored.
    case zoneFaultRestored(zone: Int)
    /// `609` `ZZZ`: a zone opened.
    case zoneOpen(zone: Int)
    /// `610` `ZZZ`: a zone closed (DSC: "restored").
    case zoneRestored(zone: Int)
    /// `615`: the Envisalink's zone timers, one per zone from zone 1 (at most 128). `0xFFFF`
    /// means open; after closing a timer counts down one step per 5 s.
    case zoneTimerDump([UInt16])
    /// `616`: the bypassed zones (16 hex digits: byte 0 is zones 1–8, lowest bit first).
    case bypassedZones(Set<Int>)
    /// `832` `ZZZ` (Envisalink firmware 205+): a wireless zone's battery is low.
    case wirelessZoneLowBattery(zone: Int)
    /// `833` `ZZZ` (Envisalink firmware 205+): a wireless zone's battery is no longer low.
    case wirelessZoneLowBatteryRestored(zone: Int)

    // MARK: Alarms without a zone

    /// `620`: a duress code was entered.
    case duressAlarm
    /// `621` / `623` / `625`: the fire, auxiliary (ambulance) or panic (police) keys were pressed.
    case keyAlarm(PanicKind)
    /// `622` / `624` / `626`: the key alarm was restored (DSC sends it at once).
    case keyAlarmRestored(PanicKind)
    /// `631`: a 2-wire smoke or auxiliary input alarm.
    case smokeAlarm
    /// `632`: the 2-wire smoke or auxiliary input alarm was restored.
    case smokeAlarmRestored
    /// `680`: the panel is in installer mode.
    case installerMode

    // MARK: Partitions

    /// `650`, `651`, `653`–`674`, `701`, `702`, `751`, `840`, `841`, each with just `P`:
    /// a partition's state or a report about it.
    case partition(PartitionStatus, partition: Int)
    /// `652` `PM`: a partition is armed, in the given mode.
    case partitionArmed(partition: Int, mode: ArmMode)
    /// `700` `PUUUU`: a user armed the partition (DSC: "user closing").
    case userClosing(partition: Int, user: Int)
    /// `750` `PUUUU`: a user disarmed the partition (DSC: "user opening").
    case userOpening(partition: Int, user: Int)
    /// `912` `P` + PGM: command output (PGM) 1–4 of a partition was activated.
    case commandOutputPressed(partition: Int, pgm: Int)

    // MARK: Troubles

    /// `800`–`831`, `842`, `896`: a trouble began (see ``Trouble`` for the codes).
    case trouble(Trouble)
    /// `801`–`832`, `843`, `897`: a trouble ended (see ``Trouble`` for the codes; an empty `832`
    /// is the IT-100's home-automation restore).
    case troubleRestored(Trouble)
    /// `849`: the verbose trouble status, 2 hex digits (re-sent about every 5 minutes).
    case verboseTrouble(TroubleBits)

    // MARK: Everything else

    /// A code this library does not know; the frame keeps the data.
    case unknown(code: String)
    /// A known code whose data does not fit (wrong length, not digits, partition or zone out of
    /// range). `reason` says what is wrong and is safe to log.
    case malformed(code: String, reason: String)
}

extension PanelMessage {
    /// Whether the session handles this message itself, as part of a command or the login
    /// (`500`, `501`, `502`, `505`, `900`, `921`, `922`).
    ///
    /// ``PanelEventMapper/event(for:frame:timestamp:)`` gives no event for these; the session
    /// asks ``PanelEventMapper/sessionEvent(for:frame:timestamp:commandID:)`` when it wants one.
    public var isSessionControl: Bool {
        switch self {
        case .commandAccepted, .commandChecksumError, .systemError, .login, .codeRequired,
            .masterCodeRequired, .installerCodeRequired:
            true
        default:
            false
        }
    }
}
