/// The two keys of a browser's Push API subscription (`keys` of `PushSubscription.toJSON()`),
/// which RFC 8291 encrypts every message with: `p256dh`, the browser's P-256 public key, and
/// `auth`, its 16-byte authentication secret.
///
/// Checked when made (base64url, padding and the standard alphabet accepted, as older browsers
/// sent them; `p256dh` 65 bytes starting with `0x04`, `auth` 16 bytes) and kept in base64url
/// without padding. The push consumer checks further that `p256dh` is a point on P-256. `auth`
/// is a secret: descriptions show neither key.
public struct WebPushKeys: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The length of `p256dh`, an uncompressed P-256 point: 65 bytes.
    public static let publicKeyCount = 65
    /// The length of `auth`: 16 bytes.
    public static let authSecretCount = 16

    /// `p256dh` in base64url without padding.
    public let p256dh: String
    /// `auth` in base64url without padding. Secret.
    public let auth: String

    /// The keys as the browser wrote them.
    ///
    /// - Throws: ``FormatError`` for the field `subscription.keys.p256dh` or
    ///   `subscription.keys.auth`, saying what is wrong without quoting the key.
    public init(p256dh: String, auth: String) throws(FormatError) {
        guard let point = Base64URL.decode(p256dh.trimmingWhitespace) else {
            throw FormatError(field: "subscription.keys.p256dh", reason: "is not base64url")
        }
        guard point.count == Self.publicKeyCount, point.first == 0x04 else {
            throw FormatError(
                field: "subscription.keys.p256dh",
                reason: "is \(point.count) bytes, not an uncompressed P-256 public key (65 bytes starting with 0x04)")
        }
        guard let secret = Base64URL.decode(auth.trimmingWhitespace) else {
            throw FormatError(field: "subscription.keys.auth", reason: "is not base64url")
        }
        guard secret.count == Self.authSecretCount else {
            throw FormatError(field: "subscription.keys.auth", reason: "is \(secret.count) bytes, not \(Self.authSecretCount)")
        }
        self.p256dh = Base64URL.encode(point)
        self.auth = Base64URL.encode(secret)
    }

    /// Keys read back from a database, where only checked keys are written.
    package init(storedP256dh: String, storedAuth: String) {
        p256dh = storedP256dh
        auth = storedAuth
    }

    /// `WebPushKeys(<redacted>)`.
    public var description: String { "WebPushKeys(<redacted>)" }

    /// A mirror without children, so that `dump` shows neither key.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
