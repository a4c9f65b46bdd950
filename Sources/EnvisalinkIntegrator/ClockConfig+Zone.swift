import AlarmCore

extension ClockConfig {
    /// The panel's time zone: `time_zone`, made the process's local time zone, or the box's own.
    /// - Throws: a ``ConfigError`` naming `envisalinkd.clock.time_zone` when the tz database has no such zone.
    func processZone(file: String?) throws(ConfigError) -> SystemTimeZone {
        if let timeZone, sync {
            try SystemTimeZone.use(timeZone, key: "envisalinkd.clock.time_zone", file: file)
        }
        return .current
    }
}
