/// Exchanges a signed assertion for an OAuth2 access token: the HTTP `POST` to the service
/// account's `token_uri`, which the HTTP layer implements.
public protocol TokenExchange: Sendable {
    /// Sends `request` and reads the reply with ``AccessTokenGrant/init(json:)``.
    func exchange(_ request: OAuthTokenRequest) async throws -> AccessTokenGrant
}
