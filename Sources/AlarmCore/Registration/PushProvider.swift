/// The service that delivers notifications to a device token.
public enum PushProvider: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple Push Notification service.
    case apns
    /// Firebase Cloud Messaging (HTTP v1).
    case fcm

    public var description: String { rawValue }
}
