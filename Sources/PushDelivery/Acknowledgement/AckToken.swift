import AlarmCore
import Crypto

/// The acknowledgement token of one notification to one device: 32 random bytes in base64url
/// (43 characters), minted for each send of an alarm. Whoever holds it may acknowledge that
/// alarm as that device at `POST /v1/alarms/{event id}/ack`, without an API token: it is what a
/// lock-screen action can use. Only its ``hash`` leaves the push consumer, in the delivery
/// report; the token itself goes only to the device, inside the notification
/// (docs/security.md, "Acknowledgement tokens").
///
/// It describes itself as `<ack token>`, so it cannot reach a log by accident.
public struct AckToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The length of a token, in characters.
    public static let length = 43

    /// The token text, as the notification carries it.
    public let value: String

    /// A new token from the system's secure random generator (`getrandom` on Linux).
    public static func mint() -> AckToken {
        var generator = SystemRandomNumberGenerator()
        return AckToken(value: Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// The SHA-256 of the token's text, in base64url: what the command API stores and checks.
    public var hash: String {
        Base64URL.encode(SHA256.hash(data: Array(value.utf8)))
    }

    public var description: String { "<ack token>" }
    public var debugDescription: String { description }
}
