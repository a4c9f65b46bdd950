public import AlarmCore

/// The VAPID authorisation of Web Push requests (RFC 8292): the header value
/// `vapid t=<JWT>, k=<public key>`, one per push service origin.
///
/// Each token (ES256, `aud` the origin, `exp` ``tokenLifetime`` ahead, `sub` the operator's
/// contact) is reused for every request to that origin until ``reuseLimit`` after it was
/// minted; concurrent callers then share a single new one.
public actor VAPIDTokenProvider {
    /// How far ahead `exp` is: 12 hours, well inside the 24 hours push services accept.
    public static let tokenLifetime = Duration.seconds(12 * 3600)
    /// How long a token is reused: 11 hours, so that none is sent within an hour of expiring.
    public static let reuseLimit = Duration.seconds(11 * 3600)

    /// The signing key.
    public nonisolated let key: VAPIDKey
    /// The `sub` claim.
    public nonisolated let subject: VAPIDSubject
    private let clock: WallClock
    private var audiences: [String: VAPIDAudienceToken] = [:]

    /// A provider signing with `key` for the contact `subject`.
    public init(key: VAPIDKey, subject: VAPIDSubject, clock: WallClock = .system) {
        self.key = key
        self.subject = subject
        self.clock = clock
    }

    /// The `Authorization` header value for a request to `subscription`'s endpoint.
    public func authorization(for subscription: WebPushSubscription) async throws -> Secret {
        try await authorization(forAudience: subscription.audience)
    }

    /// The `Authorization` header value for requests to the origin `audience`
    /// (`scheme://host[:port]`, as ``WebPushSubscription/audience`` gives it).
    public func authorization(forAudience audience: String) async throws -> Secret {
        let token: VAPIDAudienceToken
        if let existing = audiences[audience] {
            token = existing
        } else {
            token = VAPIDAudienceToken(key: key, subject: subject, audience: audience, clock: clock)
            audiences[audience] = token
        }
        return try await token.currentCredential()
    }
}
