/// What the panel derives from its state and announces when it changes.
extension PanelModel {
    /// The indicators compared before and after every change.
    struct Indicators: Equatable {
        /// Ready or not, for disarmed partitions only (armed ones report their arming instead).
        var readiness: [Int: Bool]
        /// The keypad LEDs of partition 1 (`510`).
        var leds: UInt8
        /// The verbose trouble bits (`849`).
        var troubleBits: UInt8
    }

    /// The `510`/`511` LED bits.
    enum LED: UInt8 {
        case ready = 0x01, armed = 0x02, memory = 0x04, bypass = 0x08, trouble = 0x10, backlight = 0x80
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

    /// The verbose trouble bits: b0 service required (battery), b1 AC lost.
    var troubleBits: UInt8 {
        troubles.reduce(0) { bits, trouble in
            bits | (trouble == .battery ? 0x01 : 0x02)
        }
    }

    /// The keypad LEDs of `partition`.
    func leds(of partition: Int) -> UInt8 {
        let state = partitions[partition] ?? .disarmed
        let zonesHere = zones.values.filter { $0.definition.partition == partition }
        var leds = LED.backlight.rawValue
        switch state {
        case .disarmed, .exitDelay: if isReady(partition) { leds |= LED.ready.rawValue }
        case .armed, .entryDelay, .alarm: break
        }
        if state != .disarmed { leds |= LED.armed.rawValue }
        if alarmMemory.contains(partition) { leds |= LED.memory.rawValue }
        let staying = state.mode?.isStay == true && zonesHere.contains { $0.definition.interior }
        if staying || zonesHere.contains(where: \.isBypassed) { leds |= LED.bypass.rawValue }
        if !troubles.isEmpty { leds |= LED.trouble.rawValue }
        return leds
    }

    /// Sends what changed since `before`: ready/not ready, verbose trouble, trouble LED, keypad LEDs.
    mutating func announceChanges(since before: Indicators) {
        let after = indicators
        for partition in after.readiness.keys.sorted() where after.readiness[partition] != before.readiness[partition] {
            send(after.readiness[partition] == true ? "650" : "651", "\(partition)")
        }
        if after.troubleBits != before.troubleBits {
            if after.troubleBits != 0 { send("849", Self.hex(after.troubleBits)) }
            if (after.troubleBits == 0) != (before.troubleBits == 0) {
                for partition in partitions.keys.sorted() { send(after.troubleBits == 0 ? "841" : "840", "\(partition)") }
            }
        }
        if after.leds != before.leds { send("510", Self.hex(after.leds)) }
    }

    /// Two uppercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
