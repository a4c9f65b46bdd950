/// The reports the panel sends on request: `001` status, `615` zone timers, `616` bypassed zones.
extension PanelModel {
    /// `001`: each zone open (`609`) or restored (`610`), each partition's state, the trouble LED
    /// per partition (`840`/`841`), the verbose trouble (`849`) while there is one, the LEDs (`510`).
    mutating func sendStatusReport() {
        for number in zones.keys.sorted() {
            send(zones[number]?.isOpen == true ? "609" : "610", Self.padded(number, width: 3))
        }
        for partition in partitions.keys.sorted() {
            switch partitions[partition] ?? .disarmed {
            case .disarmed: send(isReady(partition) ? "650" : "651", "\(partition)")
            case .exitDelay: send("656", "\(partition)")
            case .armed(let mode): send("652", "\(partition)\(mode.rawValue)")
            case .entryDelay: send("657", "\(partition)")
            case .alarm: send("654", "\(partition)")
            }
        }
        for partition in partitions.keys.sorted() { send(troubles.isEmpty ? "841" : "840", "\(partition)") }
        if troubleBits != 0 { send("849", Self.hex(troubleBits)) }
        send("510", Self.hex(leds(of: 1)))
    }

    /// `615`: the timers of zones 1–64, each a little-endian u16 in 4 hex digits: `FFFF` while
    /// open, then one less per 5 s since the zone closed (never below 0); `0000` for a zone that
    /// has not opened since start or is not configured.
    mutating func sendZoneTimers(at moment: Moment) {
        let data = SimulatorConfiguration.zoneNumbers.map { number -> String in
            let value = zones[number].map { zoneTimer($0, at: moment) } ?? 0
            return Self.hex(UInt8(value & 0xFF)) + Self.hex(UInt8(value >> 8))
        }
        send("615", data.joined())
    }

    /// `616`: 8 bytes of bypass flags, byte 0 for zones 1–8 with the lowest zone in the lowest bit.
    mutating func sendBypassedZones() {
        var bytes = [UInt8](repeating: 0, count: 8)
        for zone in zones.values where zone.isBypassed {
            bytes[(zone.definition.number - 1) / 8] |= 1 << UInt8((zone.definition.number - 1) % 8)
        }
        send("616", bytes.map(Self.hex).joined())
    }

    private func zoneTimer(_ zone: Zone, at moment: Moment) -> UInt16 {
        if zone.isOpen { return 0xFFFF }
        guard let closedAt = zone.closedAt else { return 0 }
        let steps = (moment.instant - closedAt) / .seconds(5)
        return UInt16(max(0, 0xFFFE - Int(steps.rounded(.down))))
    }
}
