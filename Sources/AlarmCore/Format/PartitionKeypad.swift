/// A partition's keypad as the events tell it: its LEDs and what it sounds.
///
/// The TPI reports the keypad LEDs of partition 1 only (`510` steady, `511` flashing: one hex
/// byte in `raw`, `510 81`); those are the ``Source/panel``'s. For a partition without them, the
/// LEDs are ``Source/derived`` from its events, as a DSC keypad lights them: Ready after `650`/`653`
/// until `651` or an arming, Armed from the exit delay (`656`) or an `armed` event until a
/// `disarmed` one, Memory while the alarm memory has a zone, Bypass when the holder says a bypassed
/// zone is the partition's, Trouble from `840` until `841`, Fire from `621` (fire key alarm) or `842`
/// (fire trouble) until `622`/`843`. The TPI has no beep message either: ``sounding`` is derived
/// from the events alone. Like the rest of the state, a late copy of an older event (same
/// `source`, lower `sequence`) does not undo what a newer one said.
public struct PartitionKeypad: Sendable, Hashable, Codable {
    /// The keypad LEDs, with the bits of `510`/`511`.
    public struct LEDs: OptionSet, Sendable, Hashable, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bit 0: ready.
        public static let ready = LEDs(rawValue: 1 << 0)
        /// Bit 1: armed.
        public static let armed = LEDs(rawValue: 1 << 1)
        /// Bit 2: memory (an alarm happened while armed).
        public static let memory = LEDs(rawValue: 1 << 2)
        /// Bit 3: bypass (zones are bypassed).
        public static let bypass = LEDs(rawValue: 1 << 3)
        /// Bit 4: trouble.
        public static let trouble = LEDs(rawValue: 1 << 4)
        /// Bit 5: program (the keypad is in programming).
        public static let program = LEDs(rawValue: 1 << 5)
        /// Bit 6: fire.
        public static let fire = LEDs(rawValue: 1 << 6)
        /// Bit 7: backlight.
        public static let backlight = LEDs(rawValue: 1 << 7)

        /// The LEDs' names, bit 0 first, as the status and the MQTT attributes list them.
        public static let names = ["ready", "armed", "memory", "bypass", "trouble", "program", "fire", "backlight"]

        /// The names of the LEDs in the set, bit 0 first.
        public var names: [String] {
            Self.names.enumerated().filter { rawValue & (1 << $0.offset) != 0 }.map(\.element)
        }
    }

    /// Where the LEDs come from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The panel's `510`/`511` (partition 1).
        case panel
        /// The partition's events.
        case derived
    }

    /// What the keypad sounds, from the events: the TPI reports no beeps.
    public enum Sounding: String, Sendable, Hashable, Codable, CaseIterable {
        /// Nothing.
        case none
        /// The exit delay's beeps (`656`).
        case exitDelay = "exit_delay"
        /// The entry delay's tone (`657`).
        case entryDelay = "entry_delay"
        /// The alarm (`654`, a zone alarm `601`), until the partition is disarmed or armed again.
        case alarm
        /// The trouble beeps: the Trouble LED is on.
        case trouble
    }

    /// The LEDs shown, lit steady or flashing, and where they come from.
    public struct Indicators: Sendable, Hashable {
        public var lit: LEDs
        public var flashing: LEDs
        public var source: Source
    }

    private struct Fact<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
        var value: Value
        var stamp: EventStamp
    }

    private enum Delay: String, Sendable, Hashable, Codable { case exit, entry }

    private var panelLit: Fact<UInt8>?
    private var panelFlashing: Fact<UInt8>?
    private var ready: Fact<Bool>?
    private var armed: Fact<Bool>?
    private var delay: Fact<Delay?>?
    private var alarm: Fact<Bool>?
    private var troubleLED: Fact<Bool>?
    private var fire: Fact<Bool>?

    /// Nothing known.
    public init() {}

    /// Codes that end an exit or entry delay: zone alarm, armed, in alarm, disarmed, failed to arm.
    private static let delayEndingCodes: Set = ["601", "652", "654", "655", "659", "672"]

    /// Takes `event`, which concerns this partition, into account; returns whether what it shows
    /// (its LEDs but Memory and Bypass, which the holder gives, and its sounding) changed.
    public mutating func apply(_ event: AlarmEvent) -> Bool {
        let before = (indicators(memory: false, bypass: false), sounding)
        let stamp = EventStamp(event)
        func set<Value: Sendable & Hashable & Codable>(_ fact: inout Fact<Value>?, _ value: Value) {
            guard stamp.supersedes(fact?.stamp) else { return }
            fact = Fact(value: value, stamp: stamp)
        }
        switch event.code {
        case "510": if let bits = event.rawDataByte { set(&panelLit, bits) }
        case "511": if let bits = event.rawDataByte { set(&panelFlashing, bits) }
        case "650", "653": set(&ready, true)
        case "651": set(&ready, false)
        case "656": set(&delay, .exit)
        case "657": set(&delay, .entry)
        case "840": set(&troubleLED, true)
        case "841": set(&troubleLED, false)
        case "621", "842": set(&fire, true)
        case "622", "843": set(&fire, false)
        default: break
        }
        if Self.delayEndingCodes.contains(event.code) { set(&delay, nil) }
        switch event.type {
        case .armed:
            set(&armed, true)
            set(&alarm, false)
            set(&ready, false)
        case .disarmed:
            set(&armed, false)
            set(&alarm, false)
        case .alarm where event.code == "654" || event.code == "601":
            set(&alarm, true)
        default:
            if event.code == "656" {
                set(&alarm, false)
                set(&ready, false)
            }
        }
        return before != (indicators(memory: false, bypass: false), sounding)
    }

    /// The LEDs shown: the panel's when it sent any, else derived; `memory` is whether the alarm
    /// memory has a zone, `bypass` whether a bypassed zone is the partition's.
    public func indicators(memory: Bool, bypass: Bool) -> Indicators {
        if panelLit != nil || panelFlashing != nil {
            return Indicators(
                lit: LEDs(rawValue: panelLit?.value ?? 0), flashing: LEDs(rawValue: panelFlashing?.value ?? 0), source: .panel)
        }
        var lit: LEDs = []
        let isArmed = armed?.value == true || delay?.value != nil
        if ready?.value == true { lit.insert(.ready) }
        if isArmed { lit.insert(.armed) }
        if memory { lit.insert(.memory) }
        if bypass { lit.insert(.bypass) }
        if troubleLED?.value == true { lit.insert(.trouble) }
        if fire?.value == true { lit.insert(.fire) }
        return Indicators(lit: lit, flashing: [], source: .derived)
    }

    /// What the keypad sounds: the alarm, then the entry delay, the exit delay, the trouble beeps
    /// (the Trouble LED on, the panel's or derived), else none.
    public var sounding: Sounding {
        if alarm?.value == true { return .alarm }
        switch delay?.value {
        case .entry: return .entryDelay
        case .exit: return .exitDelay
        case nil: break
        }
        let panelTrouble = panelLit.map { LEDs(rawValue: $0.value).contains(.trouble) }
        return panelTrouble ?? (troubleLED?.value == true) ? .trouble : .none
    }
}
