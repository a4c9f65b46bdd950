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
    /// `type` is required, `register` or `unregister`. `register` requires `platform` (`ios` or
    /// `android`) and a `token` valid for it (``DeviceToken``); `environment` (`sandbox` or
    /// `production`) is for `ios` only; `name` is optional (``validate(name:)``).
    /// `unregister` requires a non-empty `token`. `null` fields count as absent and unknown fields
    /// are ignored.
    ///
    /// - Throws: ``FormatError`` naming the field at fault, for example
    ///   `platform: unknown platform "windows"; expected ios or android`, or with a `nil` field
    ///   when the body is empty, not UTF-8, not JSON or not an object.
    public static func decode(json text: String) throws(FormatError) -> RegistrationMessage {
        let fields = try RegistrationFields(parsing: text)
        let types = Self.types.joined(separator: " or ")
        switch try fields.string(.type) {
        case "register":
            return try register(fields)
        case "unregister":
            guard let token = try fields.string(.token) else { throw missing(.token) }
            guard !token.trimmingWhitespace.isEmpty else { throw FormatError(field: "token", reason: "must not be empty") }
            return .unregister(token: String(token.trimmingWhitespace))
        case let type?:
            throw FormatError(field: "type", reason: "unknown registration message type \(type.quotedExcerpt()); expected \(types)")
        case nil:
            throw FormatError(field: "type", reason: "required field is missing; expected \(types)")
        }
    }

    private static func register(_ fields: RegistrationFields) throws(FormatError) -> RegistrationMessage {
        guard let platform = try fields.choice(.platform, "platform", as: DevicePlatform.self) else {
            throw FormatError(field: "platform", reason: "required field is missing; expected ios or android")
        }
        guard let text = try fields.string(.token) else { throw missing(.token) }
        let token = try DeviceToken(text, provider: platform.provider)
        let environment = try fields.choice(.environment, "APNs environment", as: APNSEnvironment.self)
        if environment != nil, platform.provider != .apns {
            throw FormatError(field: "environment", reason: "only ios devices have an APNs environment")
        }
        let name = try fields.string(.name)
        if let name { try validate(name: name) }
        return .register(platform: platform, token: token.value, environment: environment, name: name)
    }

    private static func missing(_ field: RegistrationFields.Field) -> FormatError {
        FormatError(field: field.rawValue, reason: "required field is missing")
    }
}
