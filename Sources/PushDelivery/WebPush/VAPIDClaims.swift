import JWTKit

/// The claims of a VAPID JWT (RFC 8292 §2): for whom (`aud`), until when (`exp`, integer
/// seconds, as autopush requires) and who to contact (`sub`).
struct VAPIDClaims: JWTPayload {
    /// The push service's origin, `scheme://host[:port]`.
    let aud: String
    /// Unix seconds, at most 24 hours ahead.
    let exp: Int64
    /// The operator's contact, `mailto:` or `https:`.
    let sub: String

    func verify(using algorithm: some JWTAlgorithm) throws {}
}
