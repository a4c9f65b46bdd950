import Crypto
import Foundation
import Synchronization

/// Apple's checks of a provider token: an ES256 JWT whose `kid` names a known key that signed it,
/// issued by the team (`iss`) no more than an hour ago (`iat`, an integer).
///
/// Like APNs, which expects one token to be reused for up to an hour, the check remembers the
/// tokens whose signature it has verified: a repeated token costs a lookup, and its age is still
/// checked on every request.
struct APNSProviderTokenCheck: Sendable {
    /// Key ID → public key.
    let signingKeys: [String: P256.Signing.PublicKey]
    let teamID: String
    private let verified = VerifiedTokens()

    init(signingKeys: [String: P256.Signing.PublicKey], teamID: String) {
        self.signingKeys = signingKeys
        self.teamID = teamID
    }

    private struct Claims: Decodable {
        let iss: String
        let iat: Int64
    }

    /// Passes when `jwt` (from `authorization: bearer <jwt>`) is valid at `now`.
    func check(_ jwt: String?, now: Date) throws(APNSRejection) {
        guard let jwt else { throw APNSRejection(403, "MissingProviderToken") }
        let issuedAt: Int64
        if let known = verified.issuedAt(of: jwt) { issuedAt = known } else { issuedAt = try verify(jwt) }
        let age = now.timeIntervalSince1970 - Double(issuedAt)
        if age > 3600 { throw APNSRejection(403, "ExpiredProviderToken") }
        if age < -60 { throw APNSRejection(403, "InvalidProviderToken") }
    }

    /// Verifies the signature and the issuer of `jwt`, remembers it, and returns its `iat`.
    private func verify(_ jwt: String) throws(APNSRejection) -> Int64 {
        guard let token = CompactJWT(jwt), token.header.alg == "ES256",
            let keyID = token.header.kid, let key = signingKeys[keyID],
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature),
            key.isValidSignature(signature, for: token.signingInput),
            let claims = token.claims(as: Claims.self), claims.iss == teamID
        else { throw APNSRejection(403, "InvalidProviderToken") }
        verified.remember(jwt, issuedAt: claims.iat)
        return claims.iat
    }
}

/// The provider tokens whose signature passed, with their `iat`: the most recent few, since a
/// provider uses one token at a time.
private final class VerifiedTokens: Sendable {
    private static let capacity = 16
    private let tokens = Mutex<[(jwt: String, issuedAt: Int64)]>([])

    /// The `iat` of `jwt` when its signature has passed before.
    func issuedAt(of jwt: String) -> Int64? {
        tokens.withLock { tokens in tokens.first { $0.jwt == jwt }?.issuedAt }
    }

    func remember(_ jwt: String, issuedAt: Int64) {
        tokens.withLock { tokens in
            tokens.insert((jwt, issuedAt), at: 0)
            if tokens.count > Self.capacity { tokens.removeLast() }
        }
    }
}
