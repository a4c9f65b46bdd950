/// The service that delivers notifications to a device token.
public enum PushProvider: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple Push Notification service.
    case apns
    /// Firebase Cloud Messaging (HTTP v1).
    case fcm
    /// The W3C Push API (RFC 8030): the push service a browser chose, named by its subscription's
    /// endpoint URL.
    case webPush = "webpush"

    public var description: String { rawValue }
}
