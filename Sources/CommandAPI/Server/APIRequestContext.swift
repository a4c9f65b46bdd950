import Hummingbird
import NIOCore

/// What a request's handlers know besides the request: the peer address, and after
/// authentication, the caller.
struct APIRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address (the proxy's, behind a reverse proxy), `nil` when unknown.
    let clientAddress: String?
    /// Who sent the request; set by ``AuthMiddleware`` on every authenticated route.
    var caller: Caller?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The caller of an authenticated route.
    func authenticatedCaller() throws(APIError) -> Caller {
        guard let caller else { throw APIError(.unauthorized, "authentication required") }
        return caller
    }
}
