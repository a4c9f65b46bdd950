public import Crypto
import Foundation

/// A VAPID key pair for tests and the benchmarks: the private key a sender signs with (written
/// as PEM for its configuration), and the public key browsers subscribe with and the mock push
/// service checks signatures against.
public struct TestVAPIDKey: Sendable {
    /// The signing key.
    public let privateKey = P256.Signing.PrivateKey()

    /// A new key pair.
    public init() {}

    /// The public key, uncompressed, in base64url (the `applicationServerKey` of a subscription).
    public var publicKeyBase64URL: String { base64URL(privateKey.publicKey.x963Representation) }

    /// Writes the private key as PEM to `path`.
    public func writePEM(to path: String) throws {
        try privateKey.pemRepresentation.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// `bytes` in base64url without padding (RFC 4648 §5), as browsers and VAPID write keys.
func base64URL(_ bytes: some DataProtocol) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
