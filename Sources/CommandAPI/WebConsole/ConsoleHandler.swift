import HTTPTypes
import Hummingbird

/// `GET /` and every file of the web console, without authentication (the files hold no
/// secrets): the right `Content-Type`, `Cache-Control: no-cache` and an `ETag`, so a browser
/// revalidates and gets 304 while the file is unchanged.
struct ConsoleHandler: Sendable {
    let files: ConsoleFiles

    /// An endpoint for each file.
    func endpoints() -> [APIEndpoint] {
        files.paths.map { path in APIEndpoint(.get, path, authenticated: false, handle) }
    }

    func handle(_ request: Request, context: APIRequestContext) throws -> Response {
        guard let file = files.files[request.uri.path] else {
            throw APIError(.notFound, "no such endpoint; see docs/openapi.yaml")
        }
        var headers: HTTPFields = [.cacheControl: "no-cache", .eTag: file.etag]
        if Self.matches(request.headers[.ifNoneMatch], etag: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: file.body))
    }

    /// Whether an `If-None-Match` value (a list of ETags, weak or strong, or `*`) names `etag`.
    static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = String(candidate.filter { !$0.isWhitespace })
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
