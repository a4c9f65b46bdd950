/// Reading registration jobs.
extension RegistrationMessage {
    /// Decodes a registration message from a job body; see ``decode(json:)-(String)``.
    public static func decode(json body: some Collection<UInt8>) throws(FormatError) -> RegistrationMessage {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw FormatError(field: nil, reason: "body is not valid UTF-8")
        }
        return try decode(json: text)
    }

    /// Decodes a registration message from JSON text.
    ///
    /// `type` is required: `register`, `unregister` or `rename`.
    /// - `register` requires `platform` (`ios`, `android` or `web`). `ios` and `android` require a
    ///   `token` valid for the platform (``DeviceToken``); `environment` (`sandbox` or
    ///   `production`) is for `ios` only. `web` requires `subscription`, the browser's
    ///   `PushSubscription.toJSON()` (``WebPushKeys``; its `endpoint` an `https://` URL).
    ///   `name` is optional (``validate(name:)``), and so is `owner`, the name of the API token
    ///   that registered the device (``validate(owner:)``).
    /// - `unregister` requires either a non-empty `token` or a `device` id.
    /// - `rename` requires a `device` id and a `name` (`""` removes the name).
    ///
    /// `null` fields count as absent and unknown fields are ignored.
    ///
    /// - Throws: ``FormatError`` naming the field at fault, for example
    ///   `platform: unknown platform "windows"; expected ios or android or web`, or with a `nil`
    ///   field when the body is empty, not UTF-8, not JSON or not an object. Errors never quote
    ///   a Web Push endpoint or key.
    public static func decode(json text: String) throws(FormatError) -> RegistrationMessage {
        let fields = try RegistrationFields(parsing: text)
        let types = Self.types.joined(separator: " or ")
        switch try fields.string(.type) {
        case "register":
            return try register(fields)
        case "unregister":
            return try unregister(fields)
        case "rename":
            guard let device = try fields.string(.device) else { throw missing(.device) }
            guard let name = try fields.string(.name) else { throw missing(.name) }
            try validate(name: name)
            return .rename(device: try deviceID(device), name: name)
        case let type?:
            throw FormatError(field: "type", reason: "unknown registration message type \(type.quotedExcerpt()); expected \(types)")
        case nil:
            throw FormatError(field: "type", reason: "required field is missing; expected \(types)")
        }
    }

    private static func register(_ fields: RegistrationFields) throws(FormatError) -> RegistrationMessage {
        let platforms = DevicePlatform.allCases.map(\.rawValue).joined(separator: " or ")
        guard let platform = try fields.choice(.platform, "platform", as: DevicePlatform.self) else {
            throw FormatError(field: "platform", reason: "required field is missing; expected \(platforms)")
        }
        let name = try fields.string(.name)
        if let name { try validate(name: name) }
        let owner = try fields.string(.owner)
        if let owner { try validate(owner: owner) }
        if platform == .web {
            return try registerWeb(fields, name: name, owner: owner)
        }
        if fields.subscription != nil {
            throw FormatError(field: "subscription", reason: "only web devices have a subscription")
        }
        guard let text = try fields.string(.token) else { throw missing(.token) }
        let token = try DeviceToken(text, provider: platform.provider)
        let environment = try fields.choice(.environment, "APNs environment", as: APNSEnvironment.self)
        if environment != nil, platform.provider != .apns {
            throw FormatError(field: "environment", reason: "only ios devices have an APNs environment")
        }
        return .register(platform: platform, token: token.value, environment: environment, name: name, owner: owner)
    }

    private static func registerWeb(
        _ fields: RegistrationFields, name: String?, owner: String?
    ) throws(FormatError) -> RegistrationMessage {
        guard let subscription = fields.subscription else {
            throw FormatError(
                field: "subscription", reason: "required for web devices (the browser's PushSubscription.toJSON())")
        }
        if try fields.string(.token) != nil {
            throw FormatError(field: "token", reason: "a web device is registered by its subscription, not a token")
        }
        if try fields.string(.environment) != nil {
            throw FormatError(field: "environment", reason: "only ios devices have an APNs environment")
        }
        let endpoint: DeviceToken
        do {
            endpoint = try DeviceToken(subscription.endpoint, provider: .webPush)
        } catch {
            throw FormatError(field: "subscription.endpoint", reason: error.reason)
        }
        let keys = try WebPushKeys(p256dh: subscription.p256dh, auth: subscription.auth)
        return .registerWeb(endpoint: endpoint.value, keys: keys, name: name, owner: owner)
    }

    private static func unregister(_ fields: RegistrationFields) throws(FormatError) -> RegistrationMessage {
        let token = try fields.string(.token)
        let device = try fields.string(.device)
        switch (token, device) {
        case (let token?, nil):
            guard !token.trimmingWhitespace.isEmpty else { throw FormatError(field: "token", reason: "must not be empty") }
            return .unregister(token: String(token.trimmingWhitespace))
        case (nil, let device?):
            return .unregisterDevice(id: try deviceID(device))
        case (.some, .some):
            throw FormatError(field: "device", reason: "give either token or device, not both")
        case (nil, nil):
            throw FormatError(field: "token", reason: "required field is missing (or give device, a device id)")
        }
    }

    /// `text` as a device id.
    private static func deviceID(_ text: String) throws(FormatError) -> DeviceID {
        guard let id = DeviceID(text.trimmingWhitespace) else {
            throw FormatError(field: "device", reason: "a device id is a UUID (as devices list and the push reports show it)")
        }
        return id
    }

    private static func missing(_ field: RegistrationFields.Field) -> FormatError {
        FormatError(field: field.rawValue, reason: "required field is missing")
    }
}
