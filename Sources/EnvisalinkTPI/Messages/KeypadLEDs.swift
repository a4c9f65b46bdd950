/// The keypad LEDs of a `510` (steady) or `511` (flashing) message: all 8 bits, bit 0 first.
public struct KeypadLEDs: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bit 0: ready.
    public static let ready = KeypadLEDs(rawValue: 1 << 0)
    /// Bit 1: armed.
    public static let armed = KeypadLEDs(rawValue: 1 << 1)
    /// Bit 2: memory (an alarm happened while armed).
    public static let memory = KeypadLEDs(rawValue: 1 << 2)
    /// Bit 3: bypass (zones are bypassed).
    public static let bypass = KeypadLEDs(rawValue: 1 << 3)
    /// Bit 4: trouble.
    public static let trouble = KeypadLEDs(rawValue: 1 << 4)
    /// Bit 5: program (the keypad is in programming).
    public static let program = KeypadLEDs(rawValue: 1 << 5)
    /// Bit 6: fire.
    public static let fire = KeypadLEDs(rawValue: 1 << 6)
    /// Bit 7: backlight.
    public static let backlight = KeypadLEDs(rawValue: 1 << 7)

    /// The data of a `510`/`511` with these LEDs: 2 uppercase hex digits, e.g. `81` (ready, backlight).
    public var tpiData: String { TPIFrame.hex(rawValue) }
}

extension KeypadLEDs: NamedBits {
    static let bitNames: [(bit: KeypadLEDs, name: String)] = [
        (.ready, "ready"), (.armed, "armed"), (.memory, "memory"), (.bypass, "bypass"),
        (.trouble, "trouble"), (.program, "program"), (.fire, "fire"), (.backlight, "backlight"),
    ]
}
