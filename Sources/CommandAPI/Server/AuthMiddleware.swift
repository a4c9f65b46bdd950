import HTTPTypes
import Hummingbird
import Logging

/// Bearer token authentication, scopes and throttling, in front of every route but `/healthz`.
///
/// The client's address is the peer's, or behind a trusted proxy the one it forwarded
/// (``ClientAddressResolver``).
/// 1. A valid token is always served: the throttle limits failures only.
/// 2. A request without a valid token from an address that failed too often recently gets 429
///    with `Retry-After`.
/// 3. Otherwise no `Authorization: Bearer …`, a malformed token, or one that matches no stored
///    token (wrong, revoked) gets 401 with `WWW-Authenticate: Bearer`, counts as a failure for the
///    address, and is logged without the token.
/// 4. A `read` token on anything but `GET` gets 403.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    let tokens: TokenStore
    let throttle: AuthThrottle
    let addresses: ClientAddressResolver
    let metrics: CommandMetrics

    func handle(
        _ request: Request, context: APIRequestContext,
        next: (Request, APIRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.clientAddress = addresses.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[values: Self.forwardedFor])
        let caller = try await authenticate(request, address: context.clientAddress ?? "unknown", logger: context.logger)
        guard caller.scope.allows(method: request.method.rawValue) else {
            throw APIError(
                .forbidden,
                "the token \(caller.tokenName) has the \(caller.scope) scope; \(request.method.rawValue) needs a control token")
        }
        context.caller = caller
        context.logger[metadataKey: "token"] = "\(caller.tokenName)"
        return try await next(request, context)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    private func authenticate(_ request: Request, address: String, logger: Logger) async throws -> Caller {
        let credentials = Self.bearerCredentials(request.headers[.authorization])
        if let credentials, let token = APIToken(credentials), let caller = try await tokens.authenticate(token) {
            return caller
        }
        if let wait = throttle.retryAfter(for: address) {
            throw APIError.tooManyRequests(retryAfter: wait)
        }
        guard credentials != nil else {
            throw failure("missing bearer token: send Authorization: Bearer TOKEN", invalidToken: false, address, logger)
        }
        throw failure("invalid or revoked token", invalidToken: true, address, logger)
    }

    /// Counts a failed authentication from `address`, logs it (never the credential) and returns the 401.
    func failure(_ reason: String, invalidToken: Bool, _ address: String, _ logger: Logger) -> APIError {
        throttle.recordFailure(from: address)
        metrics.authenticationFailed()
        logger.warning("authentication failed", metadata: ["reason": "\(reason)", "address": "\(address)"])
        return .unauthorized(reason, invalidToken: invalidToken)
    }

    /// The credentials of an `Authorization: Bearer CREDENTIALS` header (scheme in any case).
    static func bearerCredentials(_ header: String?) -> Substring? {
        guard let header, let space = header.firstIndex(of: " "), header[..<space].lowercased() == "bearer" else {
            return nil
        }
        let credentials = header[space...].drop { $0 == " " }
        return credentials.isEmpty ? nil : credentials
    }
}
