import AlarmCore
import EnvisalinkTPI

/// What the panel derives from its state and announces when it changes.
extension PanelModel {
    /// The indicators compared before and after every change.
    struct Indicators: Equatable {
        /// Ready or not, for disarmed partitions only (armed ones report their arming instead).
        var readiness: [Int: Bool]
        /// The keypad LEDs of partition 1 (`510`).
        var leds: KeypadLEDs
        /// The verbose trouble bits (`849`).
        var troubleBits: TroubleBits
    }

    var indicators: Indicators {
        var readiness: [Int: Bool] = [:]
        for (partition, state) in partitions where state == .disarmed {
            readiness[partition] = isReady(partition)
        }
        return Indicators(readiness: readiness, leds: leds(of: 1), troubleBits: troubleBits)
    }

    /// Whether `partition` could arm: none of its zones open, bypassed ones aside.
    func isReady(_ partition: Int) -> Bool {
        !zones.values.contains { $0.definition.partition == partition && $0.isOpen && !$0.isBypassed }
    }

    /// Whether `zone` would start an entry delay or an alarm if it opened now.
    func isArmed(zone number: Int) -> Bool {
        guard let zone = zones[number], !zone.isBypassed,
              let state = partitions[zone.definition.partition], let mode = state.mode else { return false }
        if case .exitDelay = state { return false }
        return mode.arms(zone.definition)
    }

    /// The verbose trouble bits: service required (battery), AC lost.
    var troubleBits: TroubleBits {
        TroubleBits(troubles.map(\.bit))
    }

    /// The keypad LEDs of `partition`.
    func leds(of partition: Int) -> KeypadLEDs {
        let state = partitions[partition] ?? .disarmed
        let zonesHere = zones.values.filter { $0.definition.partition == partition }
        var leds: KeypadLEDs = .backlight
        switch state {
        case .disarmed, .exitDelay: if isReady(partition) { leds.insert(.ready) }
        case .armed, .entryDelay, .alarm: break
        }
        if state != .disarmed { leds.insert(.armed) }
        if alarmMemory.contains(partition) { leds.insert(.memory) }
        let staying = state.mode?.isStay == true && zonesHere.contains { $0.definition.interior }
        if staying || zonesHere.contains(where: \.isBypassed) { leds.insert(.bypass) }
        if !troubles.isEmpty { leds.insert(.trouble) }
        return leds
    }

    /// Sends what changed since `before`: ready/not ready, verbose trouble, trouble LED, keypad LEDs.
    mutating func announceChanges(since before: Indicators) {
        let after = indicators
        for partition in after.readiness.keys.sorted() where after.readiness[partition] != before.readiness[partition] {
            send(after.readiness[partition] == true ? .ready : .notReady, partition: partition)
        }
        if after.troubleBits != before.troubleBits {
            if !after.troubleBits.isEmpty { send("849", after.troubleBits.tpiData) }
            if after.troubleBits.isEmpty != before.troubleBits.isEmpty {
                for partition in partitions.keys.sorted() {
                    send(after.troubleBits.isEmpty ? .troubleLEDOff : .troubleLEDOn, partition: partition)
                }
            }
        }
        if after.leds != before.leds { send("510", after.leds.tpiData) }
    }
}
