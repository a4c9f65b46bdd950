import AlarmCore
import EnvisalinkTPI

/// The reports the panel sends on request: `001` status, `615` zone timers, `616` bypassed zones.
extension PanelModel {
    /// `001`: each zone open (`609`) or restored (`610`), each partition's state, the trouble LED
    /// per partition (`840`/`841`), the verbose trouble (`849`) while there is one, the LEDs (`510`).
    mutating func sendStatusReport() {
        for number in zones.keys.sorted() {
            send(zones[number]?.isOpen == true ? "609" : "610", number.zeroPadded(3))
        }
        for partition in partitions.keys.sorted() {
            switch partitions[partition] ?? .disarmed {
            case .disarmed: send(isReady(partition) ? .ready : .notReady, partition: partition)
            case .exitDelay: send(.exitDelay, partition: partition)
            case .armed(let mode): send("652", "\(partition)\(mode.digit)")
            case .entryDelay: send(.entryDelay, partition: partition)
            case .alarm: send(.inAlarm, partition: partition)
            }
        }
        for partition in partitions.keys.sorted() {
            send(troubles.isEmpty ? .troubleLEDOff : .troubleLEDOn, partition: partition)
        }
        if !troubleBits.isEmpty { send("849", troubleBits.tpiData) }
        send("510", leds(of: 1).tpiData)
    }

    /// `615`: the timers of zones 1–64: `FFFF` while open, then one less per 5 s since the zone
    /// closed (never below 0); `0000` for a zone that has not opened since start or is not configured.
    mutating func sendZoneTimers(at moment: Moment) {
        let timers = SimulatorConfiguration.zoneNumbers.map { number in
            zones[number].map { zoneTimer($0, at: moment) } ?? 0
        }
        send("615", PanelMessage.tpiData(zoneTimers: timers))
    }

    /// `616`: the bypassed zones, one bit each.
    mutating func sendBypassedZones() {
        send("616", PanelMessage.tpiData(bypassedZones: zones.values.filter(\.isBypassed).map(\.definition.number)))
    }

    private func zoneTimer(_ zone: Zone, at moment: Moment) -> UInt16 {
        EVLFrames.zoneTimer(isOpen: zone.isOpen, closedFor: zone.closedAt.map { moment.instant - $0 })
    }
}
