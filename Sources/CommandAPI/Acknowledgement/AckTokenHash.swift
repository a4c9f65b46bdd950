import AlarmCore
import Crypto

/// The SHA-256, in base64url, of a presented acknowledgement token: what the delivery reports
/// carry (`ack_token_sha256`) and the `ack_token` table keeps. A token is 43 base64url
/// characters (32 random bytes), as the push consumer's `AckToken` mints them.
struct AckTokenHash: Sendable, Hashable {
    /// The hash, in base64url.
    let value: String

    /// The hash of `credential`, or `nil` when it does not have the token format (so it cannot be one).
    init?(_ credential: String) {
        guard credential.utf8.count == 43, credential.utf8.allSatisfy(APIToken.isBase64URL) else { return nil }
        value = Base64URL.encode(SHA256.hash(data: Array(credential.utf8)))
    }
}
