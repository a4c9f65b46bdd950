import NIOHTTP1

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The OAuth2 token exchange over HTTPS: `POST` the signed assertion to the service account's
/// `token_uri` and read the grant.
public struct HTTPTokenExchange: TokenExchange {
    private let connection: ProviderConnection
    private let timeout: Duration

    /// An exchange through `connection`, each within `timeout`.
    public init(connection: ProviderConnection, timeout: Duration = .seconds(10)) {
        self.connection = connection
        self.timeout = timeout
    }

    /// Sends `request`.
    ///
    /// - Throws: ``PushCredentialError`` with code ``PushCredentialError/Code/tokenRefused`` when
    ///   the endpoint refuses the assertion (a 4xx other than 429), or
    ///   ``PushCredentialError/Code/invalidTokenResponse`` for an unreadable grant: credential
    ///   faults. ``PushTransportError`` when there was no reply, or a 429 or 5xx: passing faults.
    public func exchange(_ request: OAuthTokenRequest) async throws -> AccessTokenGrant {
        let reply = try await connection.send(
            method: .POST, url: request.url, headerFields: [("content-type", request.contentType)],
            body: request.body, timeout: timeout)
        switch reply.status {
        case 200:
            return try AccessTokenGrant(json: reply.body)
        case 429, 500...:
            throw PushTransportError(
                code: .connectionFailed, message: "the token endpoint \(request.url) answered HTTP \(reply.status)")
        default:
            let detail = Self.oauthError(reply.body).map { ": \($0)" } ?? ""
            throw PushCredentialError(
                code: .tokenRefused,
                message: "the token endpoint \(request.url) refused the service account's assertion "
                    + "(HTTP \(reply.status)\(detail))")
        }
    }

    /// The `error` of an OAuth2 error reply (`invalid_grant` …): a fixed word, never a secret.
    private static func oauthError(_ body: [UInt8]) -> String? {
        struct OAuthError: Decodable { var error: String }
        guard let error = try? JSONDecoder().decode(OAuthError.self, from: Data(body)) else { return nil }
        return error.error.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } ? error.error : nil
    }
}
