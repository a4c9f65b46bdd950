#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import AlarmCore

/// A phone registered for notifications: one row of the device registry.
public struct RegisteredDevice: Sendable, Hashable {
    /// The device token and its provider; unique in the registry.
    public var token: DeviceToken
    /// The phone's operating system.
    public var platform: DevicePlatform
    /// For APNs devices, which APNs servers the token belongs to; `nil` for other devices.
    public var environment: APNSEnvironment?
    /// A name for people, for example `"Jane's iPhone"`.
    public var name: String?
    /// When the device was first registered.
    public var createdAt: Date
    /// When the device was last registered or re-registered. A provider's "unregistered" reply
    /// older than this refers to an earlier registration and does not prune the device.
    public var registeredAt: Date
    /// When a notification was last accepted by the provider for this device.
    public var lastSuccessAt: Date?
    /// The reason of the last failed or deferred attempt.
    public var lastError: String?
    /// When ``lastError`` happened.
    public var lastErrorAt: Date?
    /// For web devices, the subscription's keys (the token is its endpoint); `nil` for others.
    public var webPushKeys: WebPushKeys?
    /// The name of the API token that registered the device; `nil` when it was registered
    /// otherwise (the `devices` commands) or before owners were recorded.
    public var owner: String?

    /// A device; the optional details default to none.
    public init(
        token: DeviceToken,
        platform: DevicePlatform,
        environment: APNSEnvironment? = nil,
        name: String? = nil,
        createdAt: Date,
        registeredAt: Date,
        lastSuccessAt: Date? = nil,
        lastError: String? = nil,
        lastErrorAt: Date? = nil,
        webPushKeys: WebPushKeys? = nil,
        owner: String? = nil
    ) {
        self.token = token
        self.platform = platform
        self.environment = environment
        self.name = name
        self.createdAt = createdAt
        self.registeredAt = registeredAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.webPushKeys = webPushKeys
        self.owner = owner
    }

    /// The device's public handle.
    public var id: DeviceID { token.deviceID }
}
