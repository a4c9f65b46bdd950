public import Beanstalk

/// The push notification consumer: section `push`.
public struct PushConfig: Sendable, Hashable {
    /// Tube the push consumer reads events from (`tube`, default `push`).
    public var tube = TubeName(validLiteral: "push")
    /// Tube of device registration messages from the phone apps, through the command consumer
    /// (`registration_tube`, default `push-registrations`).
    public var registrationTube = TubeName(validLiteral: "push-registrations")
    /// Tube the push consumer puts its push reports on, for the command consumer: every
    /// delivery outcome and the device list (`report_tube`, default `push-reports`).
    public var reportTube = TubeName(validLiteral: "push-reports")
    /// Event types that cause a notification
    /// (`triggers`, default `[alarm, recovery, fault, armed, disarmed]`).
    public var triggers: [EventType] = [.alarm, .recovery, .fault, .armed, .disarmed]
    /// The push consumer's SQLite database of registered devices and deliveries
    /// (`database`, default `/var/lib/howalarming/push.sqlite`).
    public var database = "/var/lib/howalarming/push.sqlite"
    /// Sends in flight at once for one event (`concurrency`, 1–10000, default 500).
    public var concurrency = 500
    /// Seconds a provider has to answer one request (`request_timeout`, 1–300, default 10).
    public var requestTimeout = 10
    /// Seconds APNs, FCM and the Web Push services keep a notification for a phone that is offline
    /// (`lifetime`, 0–2419200, default 300). Armed/disarmed notifications are never kept.
    public var lifetime = 300
    /// Whether alarms are iOS critical alerts (`critical_alarms`, default `false`); the app needs
    /// Apple's Critical Alerts entitlement.
    public var criticalAlarms = false
    /// The sound the app plays (`sound`, default `default`: the system sound).
    public var sound = "default"
    /// The Android notification channel for alarms (`android_alarm_channel`, default none).
    public var androidAlarmChannel: String?
    /// Days the delivery ledger keeps its rows (`ledger_retention_days`, 1–3650, default 30).
    public var ledgerRetentionDays = 30
    /// When every registered device gets its daily test notification, on the push consumer's local
    /// clock (`canary`, `HH:MM`; default none: no test notifications).
    public var canary: TimeOfDay?
    /// Apple push settings (`apns`, default none: no APNs delivery).
    public var apns: APNSConfig?
    /// Firebase push settings (`fcm`, default none: no FCM delivery).
    public var fcm: FCMConfig?
    /// Web Push settings (`web_push`, default none: no Web Push delivery).
    public var webPush: WebPushConfig?

    /// Where `/healthz` and `/metrics` are served (`metrics`, `HOST:PORT`, loopback unless
    /// `metrics_allow_non_loopback: true`; default none: not served).
    public var metrics: MetricsConfig?

    /// The defaults: standard triggers, no push services configured.
    public init() {}
}

extension PushConfig {
    /// Reads the `push` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        tube = try map.value("tube")?.tubeName() ?? tube
        registrationTube = try map.value("registration_tube")?.tubeName() ?? registrationTube
        reportTube = try map.value("report_tube")?.tubeName() ?? reportTube
        triggers = try map.value("triggers")?.choices(of: EventType.self) ?? triggers
        database = try map.value("database")?.nonEmptyText() ?? database
        concurrency = try map.value("concurrency")?.integer(in: 1...10000) ?? concurrency
        requestTimeout = try map.value("request_timeout")?.integer(in: 1...300) ?? requestTimeout
        lifetime = try map.value("lifetime")?.integer(in: 0...2_419_200) ?? lifetime
        criticalAlarms = try map.value("critical_alarms")?.boolean() ?? criticalAlarms
        sound = try map.value("sound")?.nonEmptyText() ?? sound
        androidAlarmChannel = try map.value("android_alarm_channel")?.nonEmptyText()
        ledgerRetentionDays = try map.value("ledger_retention_days")?.integer(in: 1...3650) ?? ledgerRetentionDays
        canary = try map.value("canary")?.timeOfDay()
        apns = try map.section("apns").map(APNSConfig.init(reading:))
        fcm = try map.section("fcm").map(FCMConfig.init(reading:))
        webPush = try map.section("web_push").map(WebPushConfig.init(reading:))
        metrics = try map.metrics()
    }
}
