extension AlarmEvent {
    /// The panel code of the bypassed zones report.
    public static let bypassReportCode = "616"

    /// The zones a bypass report (`616`, type `info`) lists as bypassed, read from its `raw`
    /// (`616 0100…`: byte n, bit b is zone 8n+b+1); `nil` for any other event, or a `raw` without
    /// whole hex bytes.
    public var bypassedZones: Set<Int>? {
        guard code == Self.bypassReportCode, type == .info else { return nil }
        let parts = raw.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[1].utf8.count.isMultiple(of: 2) else { return nil }
        let hex = Array(parts[1].utf8)
        var zones: Set<Int> = []
        for byte in 0..<(hex.count / 2) {
            guard let bits = UInt8(String(decoding: hex[(byte * 2)..<(byte * 2 + 2)], as: UTF8.self), radix: 16) else { return nil }
            for bit in 0..<8 where bits & (1 << bit) != 0 { zones.insert(byte * 8 + bit + 1) }
        }
        return zones.filter(FormatLimits.zones.contains)
    }
}
