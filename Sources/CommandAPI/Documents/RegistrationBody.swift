#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore

/// A device registration message as JSON (`docs/event-format.md`, "Device registration
/// messages"), as the API builds it from a request, to be checked by the push consumer's own
/// rules (``RegistrationMessage/decode(json:)-(String)``) before anything is queued.
struct RegistrationBody: Codable {
    /// A browser's `PushSubscription.toJSON()`; `expirationTime` and other members are ignored.
    struct Subscription: Codable {
        struct Keys: Codable {
            let p256dh: String?
            let auth: String?
        }

        let endpoint: String?
        let keys: Keys?
    }

    let type: String
    var platform: String?
    var token: String?
    var environment: String?
    var subscription: Subscription?
    var device: String?
    var name: String?
    var owner: String?

    /// The message, checked by the push consumer's rules.
    ///
    /// - Throws: ``APIError`` 400 with the reason, such as
    ///   `token: an APNs device token is an even number of 64 to 256 hexadecimal digits, got 4`.
    func message() throws(APIError) -> RegistrationMessage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Strings only: encoding cannot fail.
        let json = Array((try? encoder.encode(self)) ?? Data())
        do {
            return try RegistrationMessage.decode(json: json)
        } catch {
            throw .badRequest(error.description)
        }
    }
}

/// The body of `POST /v1/devices`: a registration message without its `type`.
struct DeviceRequest: Decodable {
    let platform: String?
    let token: String?
    let environment: String?
    let subscription: RegistrationBody.Subscription?
    let name: String?

    /// The `register` message for a device of the API token named `owner`.
    func message(owner: String) throws(APIError) -> RegistrationMessage {
        try RegistrationBody(
            type: "register", platform: platform, token: token, environment: environment, subscription: subscription,
            name: name, owner: owner
        ).message()
    }
}

/// The body of `PATCH /v1/devices/{device}`: the device's new name (`""` removes it).
struct RenameRequest: Decodable {
    let name: String
}
