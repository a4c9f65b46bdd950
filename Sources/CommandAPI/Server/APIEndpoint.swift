import Hummingbird

/// One operation of the HTTP API: method, path (OpenAPI style, `{name}` for a parameter), whether
/// it needs a token, and its handler. The router is built from a list of these, and the same
/// list answers 405 for a known path with another method.
struct APIEndpoint: Sendable {
    typealias Handler = @Sendable (Request, APIRequestContext) async throws -> Response

    let method: HTTPRequest.Method
    let path: String
    let authenticated: Bool
    let handler: Handler

    init(_ method: HTTPRequest.Method, _ path: String, authenticated: Bool = true, _ handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.authenticated = authenticated
        self.handler = handler
    }

    /// Whether `requestPath` is this endpoint's path, with any value in place of a `{parameter}`.
    func matches(path requestPath: String) -> Bool {
        let pattern = path.split(separator: "/")
        let actual = requestPath.split(separator: "/")
        return pattern.count == actual.count
            && zip(pattern, actual).allSatisfy { expected, given in expected.hasPrefix("{") || expected == given }
    }
}
