public import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The APNs provider token (JWT) for one signing key, shared by every request and connection.
///
/// Apple accepts a token for an hour and answers `TooManyProviderTokenUpdates` to tokens renewed
/// more often than every 20 minutes, so ``token()`` reuses one JWT until it is ``reuseLimit``
/// old (all concurrent callers then share a single new one), and
/// ``replacement(forExpired:)`` mints early only for a token at least ``minimumAge`` old.
public actor APNSTokenProvider: SharedCredentialHolder {
    /// How long a token is reused: 45 minutes, well inside Apple's hour.
    public static let reuseLimit = Duration.seconds(45 * 60)
    /// The youngest token that may be replaced after `ExpiredProviderToken`: 20 minutes.
    public static let minimumAge = Duration.seconds(20 * 60)

    private let keyID: String
    private let teamID: String
    private let signer: any APNSTokenSigner
    nonisolated let clock: WallClock
    var credential: MintedCredential?
    var minting: Task<MintedCredential, any Error>?

    /// A provider for the key `keyID` of the team `teamID`, signing with `signer`.
    public init(keyID: String, teamID: String, signer: any APNSTokenSigner, clock: WallClock = .system) {
        self.keyID = keyID
        self.teamID = teamID
        self.signer = signer
        self.clock = clock
    }

    /// A provider for the `.p8` key in `keyFile`, with ID `keyID`, of the team `teamID`.
    public init(keyFile: String, keyID: String, teamID: String, clock: WallClock = .system)
        throws(PushCredentialError)
    {
        let key = try APNSSigningKey(contentsOfFile: keyFile)
        self.init(keyID: keyID, teamID: teamID, signer: key, clock: clock)
    }

    /// The JWT for the `authorization: bearer` header.
    public func token() async throws -> Secret {
        try await currentCredential()
    }

    /// The JWT to send again with after APNs answered `ExpiredProviderToken` to `expired`: a new
    /// one (minted once, however many requests were refused), or the one already minted in its
    /// place. `nil` when `expired` is younger than ``minimumAge``: then the clock is wrong, not
    /// the token, and the answer for the request is to halt.
    public func replacement(forExpired expired: Secret) async throws -> Secret? {
        try await replacement(for: expired)
    }

    func mint(at now: Date) async throws -> MintedCredential {
        let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let jwt = try await signer.providerToken(keyID: keyID, teamID: teamID, issuedAt: issuedAt)
        return MintedCredential(
            value: Secret(jwt),
            staleAt: issuedAt.addingTimeInterval(Self.reuseLimit.inSeconds),
            replaceableAt: issuedAt.addingTimeInterval(Self.minimumAge.inSeconds))
    }
}
