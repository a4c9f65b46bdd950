public import Beanstalk

/// The push notification consumer: section `push`.
public struct PushConfig: Sendable, Hashable {
    /// Tube the push consumer reads events from (`tube`, default `push`).
    public var tube = TubeName(validLiteral: "push")
    /// Event types that cause a notification
    /// (`triggers`, default `[alarm, recovery, fault, armed, disarmed]`).
    public var triggers: [EventType] = [.alarm, .recovery, .fault, .armed, .disarmed]
    /// The push consumer's SQLite database of registered devices
    /// (`database`, default `/var/lib/howalarming/push.sqlite`).
    public var database = "/var/lib/howalarming/push.sqlite"
    /// Apple push settings (`apns`, default none: no APNs delivery).
    public var apns: APNSConfig?
    /// Firebase push settings (`fcm`, default none: no FCM delivery).
    public var fcm: FCMConfig?

    /// The defaults: standard triggers, no push services configured.
    public init() {}
}

extension PushConfig {
    /// Reads the `push` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        triggers = try map.value("triggers")?.choices(of: EventType.self) ?? triggers
        database = try map.value("database")?.nonEmptyText() ?? database
        apns = try map.section("apns").map(APNSConfig.init(reading:))
        fcm = try map.section("fcm").map(FCMConfig.init(reading:))
    }
}
