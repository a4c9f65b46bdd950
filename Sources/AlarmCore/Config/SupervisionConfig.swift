/// How the integrator watches the consumers of the event tubes: section `envisalinkd.supervision`.
public struct SupervisionConfig: Sendable, Hashable {
    /// Seconds between two checks of every event tube (`check_interval`, 1–3600, default 30).
    public var checkInterval = 30
    /// Seconds the next ready event of a watched tube may wait before its consumer counts as stuck
    /// (`stale_after`, 1–86400, default 60).
    public var staleAfter = 60

    /// The defaults.
    public init() {}
}

extension SupervisionConfig {
    /// Reads the `supervision` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        checkInterval = try map.value("check_interval")?.integer(in: 1...3600) ?? checkInterval
        staleAfter = try map.value("stale_after")?.integer(in: 1...86400) ?? staleAfter
    }
}
