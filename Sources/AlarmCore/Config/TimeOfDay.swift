/// A time of day on the local clock, to the minute: `HH:MM` in the configuration.
public struct TimeOfDay: Sendable, Hashable, CustomStringConvertible {
    /// 0–23.
    public let hour: Int
    /// 0–59.
    public let minute: Int

    /// The time `hour:minute`; `nil` outside 00:00–23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (24-hour; the hour may have one digit): `"09:30"`, `"9:30"`, `"21:05"`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        "\(hour.zeroPadded(2)):\(minute.zeroPadded(2))"
    }
}
