#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The process's local time zone as glibc keeps it: `TZ`, else `/etc/localtime`, with the rules of
/// the tz database (Debian's `tzdata`). FoundationEssentials' `TimeZone` knows only fixed offsets
/// without ICU, which the integrator leaves out (it would cost megabytes of memory).
public struct SystemTimeZone: WallClockZone {
    /// The zone's name: `TZ`'s, or the one `/etc/localtime` links to, or `local`.
    public let identifier: String

    /// The local time zone now.
    public static var current: SystemTimeZone {
        if let name = getenv("TZ").map({ String(cString: $0) }), !name.isEmpty {
            return SystemTimeZone(identifier: name.hasPrefix(":") ? String(name.dropFirst()) : name)
        }
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &target, target.count - 1)
        let path = length > 0 ? String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        guard let range = path.firstRange(of: "zoneinfo/") else { return SystemTimeZone(identifier: "local") }
        return SystemTimeZone(identifier: String(path[range.upperBound...]))
    }

    /// Makes the zone named `name` (envisalinkd.clock.time_zone) the process's local time zone: its
    /// clock, its logs' times. Call it at start-up, before other threads read the local time.
    /// - Throws: a ``ConfigError`` naming `key` when the tz database has no such zone (glibc
    ///   would silently take UTC instead).
    public static func use(_ name: String, key: String, file: String?) throws(ConfigError) {
        try check(name, key: key, file: file)
        setenv("TZ", ":" + name, 1)
        tzset()
    }

    /// Whether the tz database (`TZDIR`, else `/usr/share/zoneinfo`) has the zone `name`.
    static func check(_ name: String, key: String, file: String?) throws(ConfigError) {
        let directory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        let wellFormed = !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_+-".unicodeScalars.contains($0)) }
        guard wellFormed, isZoneFile(directory + "/" + name) else {
            throw ConfigError(
                file: file, keyPath: key,
                reason: "must name a time zone of the tz database in \(directory), such as Europe/London or America/New_York, got \(String(reflecting: name))"
                    + (FileManager.default.fileExists(atPath: directory) ? "" : " (install the tzdata package)"))
        }
    }

    /// Whether `path` is a tz database file (it starts with `TZif`).
    private static func isZoneFile(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        return fread(&magic, 1, 4, file) == 4 && magic == Array("TZif".utf8)
    }

    public func secondsFromGMT(for date: Date) -> Int {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }
}
