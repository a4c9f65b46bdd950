public import AlarmCore

/// A job on the registration tube: a phone app registering or unregistering its device.
///
/// The JSON format is documented in `docs/event-format.md`, "Device registration messages";
/// ``decode(json:)-(String)`` reads it.
public enum RegistrationMessage: Sendable, Hashable {
    /// `{"type":"register","platform":"ios","token":"…","environment":"sandbox","name":"…"}`:
    /// register the device, or re-register it (see ``DeviceRegistry/add(platform:token:environment:name:)``).
    /// `token` is validated and normalised.
    case register(platform: DevicePlatform, token: String, environment: APNSEnvironment?, name: String?)
    /// `{"type":"unregister","token":"…"}`: remove the device with this token, if registered.
    case unregister(token: String)

    /// The message's `type` values.
    static let types = ["register", "unregister"]

    /// Carries out the message on `registry`.
    public func apply(to registry: DeviceRegistry) async throws {
        switch self {
        case .register(let platform, let token, let environment, let name):
            try await registry.add(platform: platform, token: token, environment: environment, name: name)
        case .unregister(let token):
            try await registry.remove(token: token)
        }
    }
}
