/// The value ranges the format accepts, shared by events, commands, the JSON Schema and the docs.
public enum FormatLimits {
    /// Partition numbers: DSC PowerSeries and Neo panels have up to 8 partitions.
    public static let partitions: ClosedRange<Int> = 1...8
    /// Zone numbers: DSC Neo panels have up to 128 zones (PowerSeries up to 64).
    public static let zones: ClosedRange<Int> = 1...128
    /// Zone numbers a bypass command may name: the keypad's `*1` menu takes two-digit zone
    /// numbers, and the panel's bypass report (`616`) covers zones 1–64.
    public static let bypassZones: ClosedRange<Int> = 1...64
    /// The longest bypass profile name.
    public static let profileNameMaxLength = 32
    /// Panel user (access code) numbers: four decimal digits, which covers DSC PowerSeries
    /// (up to 95) and Neo (up to 1000) as well as other panels' four-digit user numbers.
    public static let users: ClosedRange<Int> = 1...9999
    /// The longest `data` string a raw panel command may carry.
    public static let rawCommandDataMaxLength = 64

    /// Throws unless `value` is absent or inside `range`.
    static func check(_ value: Int?, in range: ClosedRange<Int>, field: FormatField) throws(FormatError) {
        guard let value, !range.contains(value) else { return }
        throw FormatError(field, "must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
    }

    /// Throws if `timestamp` is negative: the format carries Unix seconds since 1970.
    static func checkTimestamp(_ timestamp: Int64?) throws(FormatError) {
        guard let timestamp, timestamp < 0 else { return }
        throw FormatError(.timestamp, "must not be negative, got \(timestamp)")
    }
}
