public import Crypto
import Foundation

/// A browser's side of a push subscription, for tests: its P-256 key pair and auth secret, and
/// the `PushSubscription.toJSON()` it would hand over for an endpoint.
public struct TestBrowser: Sendable {
    /// The key the browser decrypts with.
    public let key = P256.KeyAgreement.PrivateKey()
    /// The 16-byte authentication secret.
    public let authSecret = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }

    /// A new browser.
    public init() {}

    /// `keys.p256dh`: the public key, uncompressed, in base64url.
    public var p256dh: String { base64URL(key.publicKey.x963Representation) }
    /// `keys.auth` in base64url.
    public var auth: String { base64URL(authSecret) }
    /// The private key's 32-byte scalar in base64url (for `webpush_decrypt.py`).
    public var privateKeyBase64URL: String { base64URL(key.rawRepresentation) }

    /// `{"endpoint":…,"expirationTime":null,"keys":{"p256dh":…,"auth":…}}`.
    public func subscriptionJSON(endpoint: String) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }
}
