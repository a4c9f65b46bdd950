import Foundation

/// A `messages:send` request FCM turns down, answered as ``reply``.
struct FCMSendRejection: Error {
    let reply: MockFCMReply
}

/// FCM's checks of a `messages:send` request: a valid access token, the right project, a body
/// `{"message": {"token": …}}` whose `data`, if any, maps strings to strings.
struct FCMSendCheck: Sendable {
    private static let sendPathPrefix = "/v1/projects/"
    private static let sendPathSuffix = "/messages:send"

    let projectID: String
    let accessTokens: FCMAccessTokens

    /// The project in `path` when it is `/v1/projects/<project>/messages:send`.
    static func project(inSendPath path: String) -> String? {
        guard path.hasPrefix(sendPathPrefix), path.hasSuffix(sendPathSuffix) else { return nil }
        let project = path.dropFirst(sendPathPrefix.count).dropLast(sendPathSuffix.count)
        return project.isEmpty || project.contains("/") ? nil : String(project)
    }

    /// `message.token` of `body`, or `nil` when it has none.
    static func deviceToken(inBody body: [UInt8]) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        return (object?["message"] as? [String: Any])?["token"] as? String
    }

    /// Passes when FCM would accept `request` for `project`.
    func check(_ request: MockHTTPRequest, project: String) throws(FCMSendRejection) {
        guard let accessToken = request.bearerCredentials, accessTokens.isValid(accessToken, at: request.receivedAt)
        else {
            throw FCMSendRejection(
                reply: .error(
                    status: 401, grpcStatus: "UNAUTHENTICATED", errorCode: nil,
                    message: "Request had invalid authentication credentials."))
        }
        guard project == projectID else {
            throw FCMSendRejection(
                reply: .error(
                    status: 403, grpcStatus: "PERMISSION_DENIED", errorCode: nil,
                    message: "Permission 'cloudmessaging.messages.create' denied on resource "
                        + "'//cloudresourcemanager.googleapis.com/projects/\(project)' (or it may not exist)."))
        }
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        guard let message = body?["message"] as? [String: Any] else {
            throw Self.invalidArgument("Invalid JSON payload received. Expected an object with a \"message\" object.")
        }
        guard let token = message["token"] as? String, !token.isEmpty else {
            throw Self.invalidArgument("Recipient of the message is not set.")
        }
        if let data = message["data"], !(data is [String: String]) {
            throw Self.invalidArgument("Invalid value at 'message.data': every value must be a string.")
        }
    }

    private static func invalidArgument(_ message: String) -> FCMSendRejection {
        FCMSendRejection(
            reply: .error(status: 400, grpcStatus: "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT", message: message))
    }
}
