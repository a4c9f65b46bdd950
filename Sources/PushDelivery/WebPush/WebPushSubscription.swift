import AlarmCore
public import Crypto

/// A browser's Push API subscription (`PushSubscription.toJSON()`): the push service URL to
/// `POST` messages to, and the two keys RFC 8291 encrypts them with.
///
/// Checked when made, so that a subscription that exists can be encrypted to. Its descriptions
/// show the endpoint's origin only: the endpoint is a bearer capability (anyone holding it can
/// push), and the keys belong to the browser.
public struct WebPushSubscription: Sendable, CustomStringConvertible, CustomReflectable {
    /// The length of `auth`, the authentication secret: 16 bytes.
    public static let authSecretCount = 16
    /// The length of `p256dh`, an uncompressed P-256 point: 65 bytes.
    public static let publicKeyCount = 65

    /// The push service URL, exactly as the browser gave it.
    public let endpoint: String
    /// `p256dh`: the browser's P-256 public key.
    public let userAgentKey: P256.KeyAgreement.PublicKey
    /// `p256dh` as received: the 65-byte uncompressed point (part of the key info, RFC 8291 §3.3).
    let userAgentKeyBytes: [UInt8]
    /// `auth`: the 16-byte authentication secret.
    public let authSecret: [UInt8]
    /// The endpoint's origin, the `aud` of its VAPID token.
    public let audience: String

    /// A subscription from the browser's JSON fields: `endpoint`, `keys.p256dh` and `keys.auth`
    /// (base64url; padding and the standard alphabet are accepted too).
    public init(endpoint: String, p256dh: String, auth: String) throws(WebPushError) {
        guard let userAgentBytes = Base64URL.decode(p256dh) else {
            throw WebPushError(code: .invalidBase64URL, message: "the subscription's p256dh is not base64url")
        }
        guard let authSecret = Base64URL.decode(auth) else {
            throw WebPushError(code: .invalidBase64URL, message: "the subscription's auth is not base64url")
        }
        try self.init(endpoint: endpoint, userAgentKey: userAgentBytes, authSecret: authSecret)
    }

    /// A subscription from the keys' bytes: `userAgentKey` the 65-byte uncompressed point,
    /// `authSecret` the 16-byte secret.
    public init(endpoint: String, userAgentKey: [UInt8], authSecret: [UInt8]) throws(WebPushError) {
        let url: ProviderURL
        do {
            url = try ProviderURL(endpoint)
        } catch {
            throw WebPushError(
                code: .invalidEndpoint, message: "the subscription's endpoint is not an absolute https URL with a host")
        }
        guard userAgentKey.count == Self.publicKeyCount, userAgentKey.first == 0x04 else {
            throw WebPushError(
                code: .invalidKeyLength,
                message: "the subscription's p256dh is \(userAgentKey.count) bytes"
                    + (userAgentKey.count == Self.publicKeyCount ? " not starting with 0x04" : "")
                    + ", not an uncompressed P-256 public key (65 bytes, starting with 0x04)")
        }
        do {
            self.userAgentKey = try P256.KeyAgreement.PublicKey(x963Representation: userAgentKey)
        } catch {
            throw WebPushError(code: .invalidPublicKey, message: "the subscription's p256dh is not a point on P-256")
        }
        guard authSecret.count == Self.authSecretCount else {
            throw WebPushError(
                code: .invalidAuthSecret,
                message: "the subscription's auth is \(authSecret.count) bytes, not \(Self.authSecretCount)")
        }
        self.endpoint = endpoint
        self.userAgentKeyBytes = userAgentKey
        self.authSecret = authSecret
        self.audience = url.origin.audience
    }

    /// `WebPushSubscription(<origin>/…)`.
    public var description: String { "WebPushSubscription(\(audience)/…)" }

    /// The origin only.
    public var customMirror: Mirror { Mirror(self, children: ["audience": audience], displayStyle: .struct) }
}
