#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore

/// A device registration message as JSON (`docs/event-format.md`, "Device registration
/// messages"): what the API puts on the registration tube.
struct RegistrationBody: Codable {
    let type: String
    let platform: String?
    let token: String?
    let environment: String?
    let name: String?

    init(type: String, platform: String? = nil, token: String?, environment: String? = nil, name: String? = nil) {
        self.type = type
        self.platform = platform
        self.token = token
        self.environment = environment
        self.name = name
    }

    /// The compact JSON, as the push consumer reads it.
    func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Strings only: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data())
    }
}

/// The body of `POST /v1/devices`: a registration message without its `type`.
struct DeviceRequest: Decodable {
    let platform: String?
    let token: String?
    let environment: String?
    let name: String?

    /// The `register` message, validated by the push consumer's own rules (``RegistrationMessage``).
    ///
    /// - Throws: ``APIError`` 400 with the reason, such as
    ///   `token: an APNs device token is an even number of 64 to 256 hexadecimal digits, got 4`.
    func message() throws(APIError) -> RegistrationMessage {
        let body = RegistrationBody(type: "register", platform: platform, token: token, environment: environment, name: name)
        return try Self.validated(body.jsonBytes())
    }

    /// The `unregister` message for a token from the URL path.
    static func unregistration(token: String) throws(APIError) -> RegistrationMessage {
        do {
            // Any token an app may hold is valid as an FCM token (APNs tokens are hexadecimal).
            _ = try DeviceToken(token, provider: .fcm)
        } catch {
            throw .badRequest(error.description)
        }
        return try validated(RegistrationBody(type: "unregister", token: token).jsonBytes())
    }

    private static func validated(_ json: [UInt8]) throws(APIError) -> RegistrationMessage {
        do {
            return try RegistrationMessage.decode(json: json)
        } catch {
            throw .badRequest(error.description)
        }
    }
}
