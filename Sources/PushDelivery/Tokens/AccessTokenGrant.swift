public import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An access token from the OAuth2 token endpoint, and how long it lasts.
public struct AccessTokenGrant: Sendable, Hashable {
    /// `access_token`.
    public var accessToken: Secret
    /// `expires_in`: how long the token is valid from when it was issued (about an hour).
    public var expiresIn: Duration

    /// A grant of `accessToken` for `expiresIn`.
    public init(accessToken: Secret, expiresIn: Duration) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
    }

    /// Reads the token endpoint's reply: `{"access_token": …, "expires_in": 3599, "token_type": "Bearer"}`.
    public init(json: some Collection<UInt8>) throws(PushCredentialError) {
        guard let reply = try? JSONDecoder().decode(Reply.self, from: Data(json)), reply.expiresIn > 0,
            !reply.accessToken.isEmpty
        else {
            throw PushCredentialError(
                code: .invalidTokenResponse,
                message: "the token endpoint's reply has no access_token or no positive expires_in")
        }
        self.init(accessToken: Secret(reply.accessToken), expiresIn: .seconds(reply.expiresIn))
    }

    private struct Reply: Decodable {
        let accessToken: String
        let expiresIn: Int64

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
        }
    }
}
