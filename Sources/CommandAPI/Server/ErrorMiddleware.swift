import Hummingbird
import Logging

/// Turns everything a handler throws into a JSON error answer: ``APIError`` as it is, the
/// router's 404 into 404 or, for a known path with another method, 405 with `Allow`; anything
/// else into 500, logged.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    let endpoints: [APIEndpoint]

    func handle(
        _ request: Request, context: APIRequestContext,
        next: (Request, APIRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try apiError(for: error, request: request, logger: context.logger)
                .response(from: request, context: context)
        }
    }

    private func apiError(for error: any Error, request: Request, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as any HTTPResponseError where error.status == .notFound:
            let path = request.uri.path
            let allowed = endpoints.filter { $0.matches(path: path) }.map(\.method)
            guard allowed.isEmpty else { return .methodNotAllowed(request.method, path: path, allowed: allowed) }
            return APIError(.notFound, "no such endpoint; see docs/openapi.yaml")
        case let error as any HTTPResponseError:
            return APIError(error.status, error.status.reasonPhrase.lowercased())
        default:
            logger.error("request failed", metadata: ["error": "\(error)"])
            return APIError(.internalServerError, "internal error; the server log says more")
        }
    }
}
