import HTTPTypes
import Hummingbird

/// `GET /v1/whoami`: the name and scope of the token the request carries, so that a client
/// (the console) knows what to offer.
struct WhoAmIHandler: Sendable {
    private struct Identity: Encodable {
        let name: String
        let scope: String
    }

    func handle(_ request: Request, context: APIRequestContext) throws -> Response {
        let caller = try context.authenticatedCaller()
        return JSONResponse.make(Identity(name: caller.tokenName, scope: caller.scope.rawValue))
    }
}
