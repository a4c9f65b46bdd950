/// The device registry as the push consumer holds it, without any token.
public struct DevicesReport: Sendable, Hashable, Codable {
    /// When the report was made, in Unix milliseconds.
    public var time: Int64
    /// The Web Push (VAPID) public key, base64url, when Web Push is configured: browsers need it
    /// to subscribe.
    public var vapidPublicKey: String?
    /// Every registered device.
    public var devices: [DeviceSummary]

    /// A report.
    public init(time: Int64, vapidPublicKey: String? = nil, devices: [DeviceSummary]) {
        self.time = time
        self.vapidPublicKey = vapidPublicKey
        self.devices = devices
    }

    enum CodingKeys: String, CodingKey {
        case time, devices
        case vapidPublicKey = "vapid_public_key"
    }
}

/// One registered device in a ``DevicesReport``.
public struct DeviceSummary: Sendable, Hashable, Codable {
    /// The device's handle.
    public var device: DeviceID
    /// The device's platform.
    public var platform: DevicePlatform
    /// A name for people.
    public var name: String?
    /// When the device was last registered, in Unix milliseconds.
    public var registeredAt: Int64
    /// When a notification was last accepted for it, in Unix milliseconds.
    public var lastSuccessAt: Int64?
    /// The reason of the last failed or deferred attempt.
    public var lastError: String?
    /// When ``lastError`` happened, in Unix milliseconds.
    public var lastErrorAt: Int64?
    /// The name of the API token that registered the device; the answers to that token's
    /// commands go to its devices.
    public var owner: String?

    /// A summary; the optional details default to none.
    public init(
        device: DeviceID, platform: DevicePlatform, name: String? = nil, registeredAt: Int64,
        lastSuccessAt: Int64? = nil, lastError: String? = nil, lastErrorAt: Int64? = nil, owner: String? = nil
    ) {
        self.device = device
        self.platform = platform
        self.name = name
        self.registeredAt = registeredAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.owner = owner
    }

    enum CodingKeys: String, CodingKey {
        case device, platform, name, owner
        case registeredAt = "registered_at"
        case lastSuccessAt = "last_success_at"
        case lastError = "last_error"
        case lastErrorAt = "last_error_at"
    }
}
