/// How alarm events are presented as notifications, beyond what the event type decides.
public struct NotificationPolicy: Sendable, Hashable {
    /// How long APNs and FCM keep a notification for a phone that is offline (`apns-expiration`
    /// ahead of now, `android.ttl`), for every event type except `armed` and `disarmed`, whose
    /// notifications are delivered at once or not at all. Default 5 minutes; whole seconds from
    /// 0 to 4 weeks (FCM's longest).
    public var lifetime: Duration
    /// Whether `alarm` events are critical alerts on iOS (`interruption-level: critical` and a
    /// critical sound that plays even when the phone is muted). The app needs Apple's Critical
    /// Alerts entitlement; without it iOS shows them as ordinary alerts. Default `false`:
    /// `time-sensitive`.
    public var criticalAlarms: Bool
    /// The sound file to play, as the app bundles it; `"default"` is the system sound.
    public var sound: String
    /// The volume of critical alarm sounds, from 0 to 1; values outside are clamped.
    public var criticalVolume: Double
    /// The Android notification channel for `alarm` events (the app must have created it, with
    /// high importance); `nil`: the app's default channel.
    public var androidAlarmChannel: String?

    /// A policy; the defaults keep notifications 5 minutes, use time-sensitive alarms and the
    /// default sound.
    public init(
        lifetime: Duration = .seconds(300), criticalAlarms: Bool = false, sound: String = "default",
        criticalVolume: Double = 1, androidAlarmChannel: String? = nil
    ) {
        self.lifetime = lifetime
        self.criticalAlarms = criticalAlarms
        self.sound = sound
        self.criticalVolume = criticalVolume
        self.androidAlarmChannel = androidAlarmChannel
    }
}
