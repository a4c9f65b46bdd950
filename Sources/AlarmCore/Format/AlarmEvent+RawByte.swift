extension AlarmEvent {
    /// The one hex byte of data in `raw`, for the panel messages whose data is a bit field:
    /// `849 03` (verbose trouble status), `510 81` and `511 02` (keypad LEDs). `nil` for any other
    /// shape.
    public var rawDataByte: UInt8? {
        let parts = raw.split(separator: " ")
        guard parts.count == 2, parts[1].utf8.count == 2, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return UInt8(parts[1], radix: 16)
    }
}
