/// A job on the registration tube: a phone app or browser registering, renaming or
/// unregistering its device.
///
/// The JSON format is documented in `docs/event-format.md`, "Device registration messages";
/// ``decode(json:)-(String)`` reads it and ``encodeJSON()`` writes it. The push consumer carries
/// it out on its device registry.
public enum RegistrationMessage: Sendable, Hashable {
    /// `{"type":"register","platform":"ios","token":"…","environment":"sandbox","name":"…","owner":"…"}`:
    /// register the phone, or re-register it. `token` is validated and normalised. `owner` is the
    /// name of the API token that registered it (set by the command API, never by the device).
    case register(platform: DevicePlatform, token: String, environment: APNSEnvironment?, name: String?, owner: String? = nil)
    /// `{"type":"register","platform":"web","subscription":{"endpoint":"https://…","keys":{"p256dh":"…",
    /// "auth":"…"}},"name":"…","owner":"…"}`: register a browser's push subscription, or register it again
    /// (new keys replace the old). `endpoint` is checked as a Web Push ``DeviceToken``.
    case registerWeb(endpoint: String, keys: WebPushKeys, name: String?, owner: String? = nil)
    /// `{"type":"unregister","token":"…"}`: remove the device with this token, if registered.
    case unregister(token: String)
    /// `{"type":"unregister","device":"<device id>"}`: remove the device with this id, if registered.
    case unregisterDevice(id: DeviceID)
    /// `{"type":"rename","device":"<device id>","name":"…"}`: give the device a new name (`""`
    /// removes it).
    case rename(device: DeviceID, name: String)

    /// The message's `type` values.
    static let types = ["register", "unregister", "rename"]

    /// Longest device name accepted, in characters.
    public static let nameMaximumLength = 200

    /// Throws unless `name` fits on one line of `devices list`: at most ``nameMaximumLength``
    /// characters, no control characters.
    ///
    /// - Throws: ``FormatError`` for the field `name`, saying what is wrong.
    public static func validate(name: String) throws(FormatError) {
        try validate(name, field: "name", what: "a device name")
    }

    /// Throws unless `owner` is a token name that fits on one line: not empty, at most
    /// ``nameMaximumLength`` characters, no control characters.
    ///
    /// - Throws: ``FormatError`` for the field `owner`, saying what is wrong.
    public static func validate(owner: String) throws(FormatError) {
        guard !owner.isEmpty else { throw FormatError(field: "owner", reason: "must not be empty") }
        try validate(owner, field: "owner", what: "an owner")
    }

    private static func validate(_ text: String, field: String, what: String) throws(FormatError) {
        guard text.count <= nameMaximumLength else {
            throw FormatError(
                field: field, reason: "\(what) has at most \(nameMaximumLength) characters, got \(text.count)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FormatError(field: field, reason: "\(what) must not contain control characters (such as line breaks)")
        }
    }
}
