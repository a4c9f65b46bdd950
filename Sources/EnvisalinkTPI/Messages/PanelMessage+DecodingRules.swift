import AlarmCore

extension PanelMessage {
    // The rules of the codes with a layout of their own; the table is in `PanelMessage+Decoding.swift`.
    // The layouts without a type of their own (`615`, `616`) have their encoding next to their rule.

    static func decodeCommandAccepted(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 3, layout: "command code")
        return .commandAccepted(code: try fields.digits("command code", count: 3))
    }

    static func decodeSystemError(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 3, layout: "error code")
        return .systemError(SystemError(code: try fields.number("error code", digits: 3, in: 0...999)))
    }

    static func decodeLogin(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 1, layout: "login status")
        let value = try fields.number("login status", digits: 1, in: 0...3)
        guard let status = LoginStatus(rawValue: value) else { throw PanelDataProblem("login status \(value) is unknown") }
        return .login(status)
    }

    static func decodeTimeBroadcast(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        .timeBroadcast(try PanelDateTime(parsing: data))
    }

    /// `615`: 4 hex digits per zone, each a little-endian `UInt16` (`0100` is 1, `FFFF` open).
    static func decodeZoneTimerDump(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        let zones = data.utf8.count / 4
        guard data.utf8.count % 4 == 0, (1...128).contains(zones) else {
            throw PanelDataProblem("expected 4 hex digits for each of 1–128 zones, got \(data.utf8.count) characters")
        }
        var fields = try PanelFields(data, length: zones * 4, layout: "zone timers")
        var timers: [UInt16] = []
        for zone in 1...zones {
            let low = try fields.hexByte("zone \(zone.zeroPadded(3)) timer")
            let high = try fields.hexByte("zone \(zone.zeroPadded(3)) timer")
            timers.append(UInt16(high) << 8 | UInt16(low))
        }
        return .zoneTimerDump(timers)
    }

    /// The data of a `615` (``zoneTimerDump(_:)``) with `timers`, zone 1 first: 4 uppercase hex
    /// digits per zone, low byte first (`FFFF` open, `0100` one step).
    public static func tpiData(zoneTimers timers: [UInt16]) -> String {
        timers.map { TPIFrame.hex(UInt8($0 & 0xFF)) + TPIFrame.hex(UInt8($0 >> 8)) }.joined()
    }

    /// `616`: 8 hex bytes; byte 0 holds zones 1–8, its lowest bit zone 1.
    static func decodeBypassedZones(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 16, layout: "8 hex bytes")
        var zones: Set<Int> = []
        for byteIndex in 0..<8 {
            let byte = try fields.hexByte("byte \(byteIndex)")
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                zones.insert(byteIndex * 8 + bit + 1)
            }
        }
        return .bypassedZones(zones)
    }

    /// The data of a `616` (``bypassedZones(_:)``) with `zones` bypassed: 8 uppercase hex bytes,
    /// byte 0 for zones 1–8 with zone 1 in its lowest bit. Zones outside 1–64 have no bit and are left out.
    public static func tpiData(bypassedZones zones: some Sequence<Int>) -> String {
        var bytes = [UInt8](repeating: 0, count: 8)
        for zone in zones where (1...64).contains(zone) {
            bytes[(zone - 1) / 8] |= 1 << ((zone - 1) % 8)
        }
        return bytes.map(TPIFrame.hex).joined()
    }

    static func decodePartitionArmed(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 2, layout: "partition and mode")
        let partition = try fields.partition()
        return .partitionArmed(partition: partition, mode: ArmMode(digit: try fields.number("mode", digits: 1, in: 0...9)))
    }

    static func decodeVerboseTrouble(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 2, layout: "trouble bits")
        return .verboseTrouble(TroubleBits(rawValue: try fields.hexByte("trouble bits")))
    }

    /// `900`: no data on older firmware; the partition and the number of code digits on newer.
    static func decodeCodeRequired(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        guard !data.isEmpty else { return .codeRequired(partition: nil, digits: nil) }
        var fields = try PanelFields(data, length: 2, layout: "partition and code length, or nothing")
        let partition = try fields.partition()
        return .codeRequired(partition: partition, digits: try fields.number("code length", digits: 1, in: 1...9))
    }

    static func decodeCommandOutputPressed(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        var fields = try PanelFields(data, length: 2, layout: "partition and PGM")
        let partition = try fields.partition()
        return .commandOutputPressed(partition: partition, pgm: try fields.number("PGM", digits: 1, in: 1...4))
    }

    /// `832`: empty on the IT-100 (home-automation trouble restore); a zone on Envisalink
    /// firmware 205+ (wireless-zone low battery).
    static func decodeHomeAutomationRestoreOrWirelessZoneLowBattery(_ data: String) throws(PanelDataProblem) -> PanelMessage {
        guard !data.isEmpty else { return .troubleRestored(.homeAutomation) }
        var fields = try PanelFields(data, length: 3, layout: "zone, or nothing on the IT-100")
        return .wirelessZoneLowBattery(zone: try fields.zone())
    }
}
