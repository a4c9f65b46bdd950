import Hummingbird
import NIOCore

/// What a request's handlers know besides the request: the peer and client addresses, and after
/// authentication, the caller.
struct APIRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The TCP peer's IP address (the proxy's, behind a reverse proxy), `nil` when unknown.
    let peerAddress: String?
    /// The client's IP address: on authenticated routes as ``AuthMiddleware`` resolved it (behind a
    /// trusted proxy, the address the proxy forwarded), elsewhere the peer's.
    var clientAddress: String?
    /// Who sent the request; set by ``AuthMiddleware`` on every authenticated route.
    var caller: Caller?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
    }

    /// The caller of an authenticated route.
    func authenticatedCaller() throws(APIError) -> Caller {
        guard let caller else { throw APIError(.unauthorized, "authentication required") }
        return caller
    }
}
