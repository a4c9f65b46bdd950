import AlarmCore
import Crypto
import JWTKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The application server's VAPID key (RFC 8292): a long-lived P-256 key that signs the ES256
/// JWT of every Web Push request. Browsers subscribe with its public key
/// (``publicKeyBase64URL``, the Push API's `applicationServerKey`), and a subscription stays
/// bound to it: a new key makes every subscription fail until the browsers subscribe again.
///
/// Its descriptions never show the private key.
public struct VAPIDKey: Sendable, CustomStringConvertible, CustomReflectable {
    private let key: P256.Signing.PrivateKey

    /// A new random key, for `howalarming-push vapid generate`.
    public static func generate() -> VAPIDKey {
        VAPIDKey(key: P256.Signing.PrivateKey())
    }

    private init(key: P256.Signing.PrivateKey) {
        self.key = key
    }

    /// The key written as text: a PEM private key (`-----BEGIN PRIVATE KEY-----`, PKCS #8, or
    /// `-----BEGIN EC PRIVATE KEY-----`, SEC 1), or the 32-byte private scalar in base64url, as
    /// web-push and py-vapid print it. Surrounding white space is ignored.
    public init(text: String) throws(PushCredentialError) {
        let trimmed = String(text.trimmingWhitespace)
        if trimmed.hasPrefix("-----BEGIN") {
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: trimmed) else {
                throw PushCredentialError(code: .invalidKey, message: "the VAPID key is not a PEM-encoded P-256 private key")
            }
            self.key = key
        } else {
            guard let raw = Base64URL.decode(trimmed), raw.count == 32,
                let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
            else {
                throw PushCredentialError(
                    code: .invalidKey,
                    message: "the VAPID key is neither a PEM private key nor a 32-byte P-256 private key in base64url")
            }
            self.key = key
        }
    }

    /// The key in the file at `path`, written as ``init(text:)`` reads it.
    public init(contentsOfFile path: String) throws(PushCredentialError) {
        let data = try CredentialFile.read(path, what: "VAPID key file")
        do {
            try self.init(text: String(decoding: data, as: UTF8.self))
        } catch {
            throw PushCredentialError(code: error.code, message: "VAPID key file \(path): \(error.message)")
        }
    }

    /// The public key: the 65-byte uncompressed point in base64url, the `k` of the
    /// `Authorization` header and the browsers' `applicationServerKey`.
    public var publicKeyBase64URL: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The private key as PKCS #8 PEM (`-----BEGIN PRIVATE KEY-----`). Secret: for the key file only.
    public var privateKeyPEM: String { key.pemRepresentation }

    /// The private key as its 32-byte scalar in base64url. Secret: for the key file or
    /// environment only.
    public var privateKeyBase64URL: String { Base64URL.encode(key.rawRepresentation) }

    /// A signed ES256 JWT (header `{"typ":"JWT","alg":"ES256"}`) of `claims`.
    func sign(_ claims: VAPIDClaims) async throws(PushCredentialError) -> String {
        do {
            let keys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(backing: key))
            return try await keys.sign(claims)
        } catch {
            throw PushCredentialError(code: .signingFailed, message: "could not sign a VAPID token")
        }
    }

    /// `VAPIDKey(<redacted>)`.
    public var description: String { "VAPIDKey(<redacted>)" }

    /// A mirror without children, so `dump` shows nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
