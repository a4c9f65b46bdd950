import Crypto
import Foundation

/// Apple's checks of a provider token: an ES256 JWT whose `kid` names a known key that signed it,
/// issued by the team (`iss`) no more than an hour ago (`iat`, an integer).
struct APNSProviderTokenCheck: Sendable {
    /// Key ID → public key.
    let signingKeys: [String: P256.Signing.PublicKey]
    let teamID: String

    private struct Claims: Decodable {
        let iss: String
        let iat: Int64
    }

    /// Passes when `jwt` (from `authorization: bearer <jwt>`) is valid at `now`.
    func check(_ jwt: String?, now: Date) throws(APNSRejection) {
        guard let jwt else { throw APNSRejection(403, "MissingProviderToken") }
        let invalid = APNSRejection(403, "InvalidProviderToken")
        guard let token = CompactJWT(jwt), token.header.alg == "ES256",
            let keyID = token.header.kid, let key = signingKeys[keyID],
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature),
            key.isValidSignature(signature, for: token.signingInput),
            let claims = token.claims(as: Claims.self), claims.iss == teamID
        else { throw invalid }
        let age = now.timeIntervalSince1970 - Double(claims.iat)
        if age > 3600 { throw APNSRejection(403, "ExpiredProviderToken") }
        if age < -60 { throw invalid }
    }
}
