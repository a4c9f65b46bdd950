import AlarmCore
// Time zones by name and their daylight saving time come from ICU, which FoundationEssentials
// alone lacks (its `TimeZone(identifier:)` knows only fixed offsets).
#if canImport(FoundationInternationalization)
import FoundationEssentials
import FoundationInternationalization
#else
import Foundation
#endif

extension ClockConfig {
    /// The time zone `time_zone` names, or the box's own when it names none.
    /// - Throws: a ``ConfigError`` naming `envisalinkd.clock.time_zone` when this box does not know the name.
    func resolvedTimeZone(file: String?) throws(ConfigError) -> TimeZone {
        guard let name = timeZone else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw ConfigError(
                file: file, keyPath: "envisalinkd.clock.time_zone",
                reason: "must name a time zone, such as Europe/London or America/New_York, got \(String(reflecting: name))")
        }
        return zone
    }
}
