import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The VAPID `Authorization` header value for one audience (push service origin): minted once,
/// shared by every caller, and reused until an hour before its token expires.
actor VAPIDAudienceToken: SharedCredentialHolder {
    private let key: VAPIDKey
    private let subject: VAPIDSubject
    private let audience: String
    nonisolated let clock: WallClock
    var credential: MintedCredential?
    var minting: Task<MintedCredential, any Error>?

    init(key: VAPIDKey, subject: VAPIDSubject, audience: String, clock: WallClock) {
        self.key = key
        self.subject = subject
        self.audience = audience
        self.clock = clock
    }

    func mint(at now: Date) async throws -> MintedCredential {
        let issuedAt = now.timeIntervalSince1970.rounded(.down)
        let lifetime = VAPIDTokenProvider.tokenLifetime.inSeconds
        let claims = VAPIDClaims(aud: audience, exp: Int64(issuedAt + lifetime), sub: subject.value)
        let jwt = try await key.sign(claims)
        let staleAt = Date(timeIntervalSince1970: issuedAt + VAPIDTokenProvider.reuseLimit.inSeconds)
        // A VAPID refusal (401/403) halts sending; a new token would not cure it, so it is never
        // replaced early.
        return MintedCredential(
            value: Secret("vapid t=\(jwt), k=\(key.publicKeyBase64URL)"), staleAt: staleAt, replaceableAt: staleAt)
    }
}
