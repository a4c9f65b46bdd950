public import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The OAuth2 access token for FCM, shared by every request: obtained by exchanging a signed
/// assertion of the service account through a ``TokenExchange``, and reused until
/// ``refreshMargin`` before it expires (all concurrent callers then share a single new one).
public actor FCMAccessTokenProvider: SharedCredentialHolder {
    /// How long before the token expires a new one is obtained: 5 minutes.
    public static let refreshMargin = Duration.seconds(5 * 60)
    /// The youngest token that may be replaced after FCM refused it: 1 minute. A token refused
    /// younger than that is refused for another reason (permissions), which a new one would not fix.
    public static let minimumAge = Duration.seconds(60)

    /// The service account the tokens are for.
    public nonisolated let serviceAccount: FCMServiceAccount
    private let exchange: any TokenExchange
    nonisolated let clock: WallClock
    var credential: MintedCredential?
    var minting: Task<MintedCredential, any Error>?

    /// A provider for `serviceAccount`, exchanging assertions through `exchange`.
    public init(serviceAccount: FCMServiceAccount, exchange: any TokenExchange, clock: WallClock = .system) {
        self.serviceAccount = serviceAccount
        self.exchange = exchange
        self.clock = clock
    }

    /// A provider for the `push.fcm` configuration's service account file.
    public init(configuration: FCMConfig, exchange: any TokenExchange, clock: WallClock = .system)
        throws(PushCredentialError)
    {
        let account = try FCMServiceAccount(contentsOfFile: configuration.serviceAccountFile)
        self.init(serviceAccount: account, exchange: exchange, clock: clock)
    }

    /// The access token for the `authorization: Bearer` header.
    public func accessToken() async throws -> Secret {
        try await currentCredential()
    }

    /// The access token to send again with after FCM answered `UNAUTHENTICATED` to `rejected`:
    /// a new one (obtained once, however many requests were refused), or the one already
    /// obtained in its place. `nil` when `rejected` is younger than ``minimumAge``: a new token
    /// would not help, and the answer for the request is to halt.
    public func replacement(forRejected rejected: Secret) async throws -> Secret? {
        try await replacement(for: rejected)
    }

    func mint(at now: Date) async throws -> MintedCredential {
        let assertion = try await serviceAccount.assertion(issuedAt: now)
        let grant = try await exchange.exchange(OAuthTokenRequest(url: serviceAccount.tokenURI, assertion: assertion))
        let reuse = max(grant.expiresIn - Self.refreshMargin, grant.expiresIn / 2)
        return MintedCredential(
            value: grant.accessToken,
            staleAt: now.addingTimeInterval(reuse.inSeconds),
            replaceableAt: now.addingTimeInterval(Self.minimumAge.inSeconds))
    }
}
