public import EnvisalinkTPI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of the proxy's lines to its clients.
public enum ProxyWire {
    /// `frame` on the wire; with `timestamped`, after the box's local time as `HH:MM:SS ` (not
    /// covered by the checksum, as on the EVL with `055` on).
    public static func line(_ frame: TPIFrame, timestamped: Bool) -> [UInt8] {
        timestamped ? timePrefix() + frame.wireBytes : frame.wireBytes
    }

    /// `HH:MM:SS ` of the local time now.
    static func timePrefix() -> [UInt8] {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let colon = UInt8(ascii: ":")
        return twoDigits(parts.tm_hour) + [colon] + twoDigits(parts.tm_min) + [colon] + twoDigits(parts.tm_sec)
            + [UInt8(ascii: " ")]
    }

    private static func twoDigits(_ value: Int32) -> [UInt8] {
        [UInt8(ascii: "0") + UInt8(value / 10 % 10), UInt8(ascii: "0") + UInt8(value % 10)]
    }
}
