import CryptoExtras
import Foundation

/// Why Google's token endpoint refuses an assertion: the OAuth2 `error` and `error_description`.
struct FCMGrantRejection: Error {
    let error: String
    let description: String

    static func invalidGrant(_ description: String) -> FCMGrantRejection {
        FCMGrantRejection(error: "invalid_grant", description: description)
    }
}

/// Google's checks of a JWT-bearer assertion: RS256 signed by the service account's key, issued
/// by its email for the token endpoint, asking for the FCM scope, living at most an hour.
struct FCMAssertionCheck: Sendable {
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"

    let serviceAccountEmail: String
    let key: _RSA.Signing.PublicKey

    private struct Claims: Decodable {
        let iss: String
        let aud: String
        let scope: String
        let iat: Int64
        let exp: Int64
    }

    /// Passes when `assertion` earns an access token at `now` from the endpoint `tokenURI`.
    func check(_ assertion: String, tokenURI: String, now: Date) throws(FCMGrantRejection) {
        guard let token = CompactJWT(assertion), token.header.alg == "RS256",
            key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: token.signature), for: token.signingInput,
                padding: .insecurePKCS1v1_5)
        else { throw .invalidGrant("Invalid JWT Signature.") }
        guard let claims = token.claims(as: Claims.self) else {
            throw .invalidGrant("Invalid JWT: iss, aud, scope, iat and exp are required; iat and exp are integers.")
        }
        guard claims.iss == serviceAccountEmail else { throw .invalidGrant("Invalid grant: account not found") }
        guard claims.aud == tokenURI else {
            throw .invalidGrant("Invalid JWT: Failed audience check. The right audience is \(tokenURI)")
        }
        let now = Int64(now.timeIntervalSince1970)
        guard claims.iat < claims.exp, claims.exp - claims.iat <= 3600, claims.exp > now, claims.iat <= now + 60 else {
            throw .invalidGrant(
                "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. "
                    + "Check your iat and exp values in the JWT claim.")
        }
        guard claims.scope.split(separator: " ").contains(Substring(Self.scope)) else {
            throw FCMGrantRejection(
                error: "invalid_scope", description: "Invalid OAuth scope or ID token audience provided.")
        }
    }
}
