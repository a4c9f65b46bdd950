/// How the integrator keeps the panel's clock: section `envisalinkd.clock`.
public struct ClockConfig: Sendable, Hashable {
    /// Whether the integrator sets the panel's clock (`010`) from the box's (`sync`, default `true`).
    public var sync = true
    /// The IANA name of the time zone the panel's clock keeps, such as `Europe/London`
    /// (`time_zone`; default none: the box's own). The integrator checks the name at start-up.
    public var timeZone: String?
    /// Seconds the panel's clock may be off, by its time broadcast (`550`), before it is set again
    /// (`max_drift`, 60–86400, default 120; the panel counts whole minutes).
    public var maxDrift = 120
    /// When the clock is set every day, on the panel's clock (`daily_at`, `HH:MM`, default 04:00:
    /// after the night's daylight saving time changes).
    public var dailyAt = TimeOfDay(hour: 4, minute: 0)!

    /// The defaults.
    public init() {}
}

extension ClockConfig {
    /// Reads the `clock` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        sync = try map.value("sync")?.boolean() ?? sync
        timeZone = try map.value("time_zone")?.nonEmptyText()
        maxDrift = try map.value("max_drift")?.integer(in: 60...86400) ?? maxDrift
        dailyAt = try map.value("daily_at")?.timeOfDay() ?? dailyAt
    }
}
