#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Signs APNs provider tokens: ES256 JWTs with the header `{"alg": "ES256", "kid": <key ID>}` and
/// the claims `{"iss": <team ID>, "iat": <Unix seconds>}`.
///
/// ``APNSSigningKey`` signs with a `.p8` key held in memory. Implement this protocol to sign
/// elsewhere, for example in a hardware security module or a key service; ``APNSTokenProvider``
/// decides when to sign.
public protocol APNSTokenSigner: Sendable {
    /// A signed JWT for the key `keyID` of the team `teamID`, issued at `issuedAt` (whole seconds).
    func providerToken(keyID: String, teamID: String, issuedAt: Date) async throws -> String
}
