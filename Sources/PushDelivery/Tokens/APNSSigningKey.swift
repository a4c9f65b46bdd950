import JWTKit

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An APNs signing key: the P-256 private key of a `.p8` file from Apple, which signs provider
/// tokens with jwt-kit.
///
/// Its descriptions never show the key.
public struct APNSSigningKey: APNSTokenSigner, CustomStringConvertible, CustomReflectable {
    private let key: ES256PrivateKey

    /// The key in `pem`: the text of a `.p8` file (`-----BEGIN PRIVATE KEY-----`, PKCS #8) or an
    /// `-----BEGIN EC PRIVATE KEY-----` (SEC 1) key.
    public init(pem: String) throws(PushCredentialError) {
        do {
            key = try ES256PrivateKey(pem: pem)
        } catch {
            throw PushCredentialError(code: .invalidKey, message: "the APNs key is not a PEM-encoded P-256 private key")
        }
    }

    /// The key in the `.p8` file at `path`.
    public init(contentsOfFile path: String) throws(PushCredentialError) {
        let data = try CredentialFile.read(path, what: "APNs key file")
        do {
            key = try ES256PrivateKey(pem: data)
        } catch {
            throw PushCredentialError(
                code: .invalidKey, message: "APNs key file \(path) does not hold a PEM-encoded P-256 private key")
        }
    }

    public func providerToken(keyID: String, teamID: String, issuedAt: Date) async throws -> String {
        let claims = Claims(iss: teamID, iat: Int64(issuedAt.timeIntervalSince1970.rounded(.down)))
        do {
            let keys = await JWTKeyCollection().add(ecdsa: key)
            var header = JWTHeader()
            header.kid = keyID
            return try await keys.sign(claims, header: header)
        } catch {
            throw PushCredentialError(code: .signingFailed, message: "could not sign an APNs provider token")
        }
    }

    /// `APNSSigningKey(<redacted>)`.
    public var description: String { "APNSSigningKey(<redacted>)" }

    /// A mirror without children, so `dump` shows nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The provider token's claims; `iat` is an integer, as Apple documents it.
    private struct Claims: JWTPayload {
        let iss: String
        let iat: Int64

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }
}
