public import Beanstalk

/// What the command API does when nobody acknowledges an alarm: section `command.escalation`
/// (docs/escalation.md).
///
/// Step *n* (1…``limit``) comes ``after`` + (*n* − 1) × ``repeat`` seconds after the alarm, unless
/// the alarm was acknowledged or its partition disarmed first.
public struct EscalationConfig: Sendable, Hashable {
    /// Whether alarms escalate at all (`enabled`, default `true`).
    public var enabled: Bool
    /// Seconds from the alarm to the first step (`after`, 1–3600, default 60).
    public var after: Int
    /// Seconds between two steps (`repeat`, 1–86400, default 120).
    public var `repeat`: Int
    /// The most steps one alarm gets (`limit`, 1–100, default 5).
    public var limit: Int
    /// The extra tube every step goes on, for SMS and voice consumers (`tube`, default
    /// `escalation`). Steps go on every event tube besides.
    public var tube: TubeName

    /// A policy; the defaults are those of an absent section (`tube` `nil`: `escalation`).
    public init(
        enabled: Bool = true, after: Int = 60, repeat: Int = 120, limit: Int = 5, tube: TubeName? = nil
    ) {
        self.enabled = enabled
        self.after = after
        self.repeat = `repeat`
        self.limit = limit
        self.tube = tube ?? TubeName(validLiteral: "escalation")
    }
}

extension EscalationConfig {
    /// Reads the `escalation` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        enabled = try map.value("enabled")?.boolean() ?? enabled
        after = try map.value("after")?.integer(in: 1...3600) ?? after
        `repeat` = try map.value("repeat")?.integer(in: 1...86400) ?? `repeat`
        limit = try map.value("limit")?.integer(in: 1...100) ?? limit
        tube = try map.value("tube")?.tubeName() ?? tube
    }
}
