#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the error tables need to know about the device and the attempt, beyond the reply itself.
public struct DeliveryContext: Sendable, Hashable {
    /// When the device's token was last registered. An APNs 410 whose `timestamp` is not later
    /// than this refers to an earlier registration and does not prune. `nil`: unknown, so a 410
    /// prunes.
    public var tokenRegisteredAt: Date?
    /// Whether this attempt carried a credential obtained after a
    /// ``DeliveryOutcome/refreshCredentials(reason:)``; if that is refused as well, the fault is
    /// not the credential's age (clock skew, revoked permissions) and the tables halt.
    public var credentialsRefreshed: Bool
    /// Whether most devices of this event got the same reply. For the replies that say a token
    /// belongs to another app or project (APNs `DeviceTokenNotForTopic`, FCM `SENDER_ID_MISMATCH`)
    /// that means the configured topic or project is wrong: halt instead of pruning every device.
    public var widespread: Bool

    /// A context; the defaults describe an ordinary attempt for a device whose registration
    /// time is not known.
    public init(tokenRegisteredAt: Date? = nil, credentialsRefreshed: Bool = false, widespread: Bool = false) {
        self.tokenRegisteredAt = tokenRegisteredAt
        self.credentialsRefreshed = credentialsRefreshed
        self.widespread = widespread
    }

    /// The context of an attempt for a registered `device`.
    public init(device: RegisteredDevice, credentialsRefreshed: Bool = false, widespread: Bool = false) {
        self.init(
            tokenRegisteredAt: device.registeredAt, credentialsRefreshed: credentialsRefreshed, widespread: widespread)
    }
}
