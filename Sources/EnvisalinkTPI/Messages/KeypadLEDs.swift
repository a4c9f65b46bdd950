public import AlarmCore

/// The keypad LEDs of a `510` (steady) or `511` (flashing) message: all 8 bits, bit 0 first (the
/// same set the event consumers read back from the events' `raw`).
public typealias KeypadLEDs = PartitionKeypad.LEDs

extension PartitionKeypad.LEDs {
    /// The data of a `510`/`511` with these LEDs: 2 uppercase hex digits, e.g. `81` (ready, backlight).
    public var tpiData: String { TPIFrame.hex(rawValue) }
}
