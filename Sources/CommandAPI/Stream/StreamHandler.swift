import HTTPTypes
import Hummingbird
import Logging

/// `GET /v1/stream`: the live state as server-sent events (``StreamSession``), resumed after
/// `Last-Event-ID`. The token is checked again at every keepalive: revoking it ends its streams.
struct StreamHandler: Sendable {
    let store: EventStore
    let tokens: TokenStore
    let hub: StreamHub
    let daemons: DaemonBoard

    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    static let accelBuffering = HTTPField.Name("X-Accel-Buffering")!

    func handle(_ request: Request, context: APIRequestContext) throws -> Response {
        let caller = try context.authenticatedCaller()
        let resumeAfter = try Self.cursor(lastEventID: request.headers[Self.lastEventID])
        // AuthMiddleware accepted this token; it stays in memory only, to be checked again.
        guard let token = AuthMiddleware.bearerCredentials(request.headers[.authorization]).flatMap({ APIToken($0) }) else {
            throw APIError(.unauthorized, "authentication required")
        }
        let subscription = try hub.subscribe(tokenName: caller.tokenName)
        context.logger.info("stream opened", metadata: ["resume_after": "\(resumeAfter.map(String.init) ?? "-")"])
        let session = StreamSession(
            store: store, daemons: daemons, subscription: subscription, resumeAfter: resumeAfter,
            stillAuthorized: { [tokens] in (try? await tokens.authenticate(token)) != nil })
        return Response(
            status: .ok,
            // No buffering on the way: not by the browser's cache, not by a reverse proxy (nginx).
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache", Self.accelBuffering: "no"],
            body: ResponseBody { writer in try await session.run(&writer) })
    }

    /// The cursor of a `Last-Event-ID` header: `nil` when absent or empty.
    ///
    /// - Throws: ``APIError`` 400 unless it is a cursor, a whole number from 0.
    static func cursor(lastEventID: String?) throws(APIError) -> Int64? {
        guard let lastEventID, !lastEventID.isEmpty else { return nil }
        guard let cursor = Int64(lastEventID), cursor >= 0 else {
            throw .badRequest("Last-Event-ID: must be the id of a frame of this stream, an integer from 0 to \(Int64.max)")
        }
        return cursor
    }
}
