import Hummingbird

/// An HTTP error answer: a 4xx or 5xx status and `{"error":"…"}`, plus headers where the status
/// calls for them (`WWW-Authenticate`, `Allow`, `Retry-After`).
///
/// Messages are for people and never contain a token or a code.
struct APIError: Error, HTTPResponseError, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    var description: String { "\(status.code) \(message)" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(ErrorBody(error: message), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    private struct ErrorBody: Encodable {
        let error: String
    }
}

extension APIError {
    /// 400: the request is malformed; `message` says how.
    static func badRequest(_ message: String) -> APIError {
        APIError(.badRequest, message)
    }

    /// 401 with `WWW-Authenticate: Bearer`; `invalidToken` adds `error="invalid_token"` (RFC 6750)
    /// for a token that was given but is not valid.
    static func unauthorized(_ message: String, invalidToken: Bool) -> APIError {
        let challenge = #"Bearer realm="howalarming""# + (invalidToken ? #", error="invalid_token""# : "")
        return APIError(.unauthorized, message, headers: [.wwwAuthenticate: challenge])
    }

    /// 405 with `Allow`.
    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed, "\(method.rawValue) is not allowed on \(path); allowed: \(allow)", headers: [.allow: allow])
    }

    /// 429 with `Retry-After` in whole seconds (at least 1).
    static func tooManyRequests(retryAfter: Duration) -> APIError {
        let seconds = max(1, retryAfter.components.seconds + (retryAfter.components.attoseconds > 0 ? 1 : 0))
        return APIError(
            .tooManyRequests, "too many failed authentications from this address; try again in \(seconds) s",
            headers: [.retryAfter: String(seconds)])
    }
}
