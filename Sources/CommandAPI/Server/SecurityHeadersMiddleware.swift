import HTTPTypes
import Hummingbird

/// Adds the browser security headers to every response of the listener, the API's and errors
/// too: a strict Content-Security-Policy (no inline script, nothing from another origin, no
/// framing), `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    /// The policy; see docs/security.md.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
        "worker-src 'self'", "manifest-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'",
    ].joined(separator: "; ")

    static let headers: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy,
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]

    func handle(
        _ request: Request, context: APIRequestContext,
        next: (Request, APIRequestContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        for field in Self.headers {
            response.headers[field.name] = field.value
        }
        return response
    }
}
