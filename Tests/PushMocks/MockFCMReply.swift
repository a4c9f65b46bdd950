/// What the mock FCM server answers a `messages:send` request that passed its checks.
public enum MockFCMReply: Sendable {
    /// 200 `{"name": "projects/<project>/messages/<id>"}`.
    case success
    /// `status` with Google's error body: `{"error": {"code", "message", "status": grpcStatus,
    /// "details": [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode"}]}}`
    /// (no details when `errorCode` is `nil`), and the header `retry-after` when given.
    case error(
        status: Int, grpcStatus: String, errorCode: String?, message: String = "Scripted mock FCM error.",
        retryAfter: Int? = nil)
    /// 400 `INVALID_ARGUMENT`, "The registration token is not a valid FCM registration token",
    /// with a `BadRequest` detail naming the field `message.token`.
    case invalidToken
    /// No answer at all, until the server stops or the client cancels the request.
    case hang
    /// Success, after the given time.
    case delay(Duration)

    /// 404 `NOT_FOUND` `UNREGISTERED`: the app was uninstalled or the token expired.
    public static let unregistered = MockFCMReply.error(
        status: 404, grpcStatus: "NOT_FOUND", errorCode: "UNREGISTERED", message: "Requested entity was not found.")
}

extension MockFCMReply {
    private static let fcmErrorType = "type.googleapis.com/google.firebase.fcm.v1.FcmError"
    private static let invalidTokenMessage = "The registration token is not a valid FCM registration token"

    /// The status the client gets; 0 for ``hang``.
    var status: Int {
        switch self {
        case .success, .delay: 200
        case .error(let status, _, _, _, _): status
        case .invalidToken: 400
        case .hang: 0
        }
    }

    /// The answer, naming messages after `projectID`.
    func answer(projectID: String) -> MockHTTPAnswer {
        switch self {
        case .success:
            return .respond(Self.success(projectID: projectID))
        case .delay(let delay):
            return .respondAfter(delay, Self.success(projectID: projectID))
        case .hang:
            return .hang
        case .error(let status, let grpcStatus, let errorCode, let message, let retryAfter):
            let details: [[String: any Sendable]] =
                errorCode.map { [["@type": Self.fcmErrorType, "errorCode": $0]] } ?? []
            return .respond(
                Self.errorResponse(
                    status: status, grpcStatus: grpcStatus, message: message, details: details,
                    headers: retryAfter.map { [("retry-after", String($0))] } ?? []))
        case .invalidToken:
            let details: [[String: any Sendable]] = [
                ["@type": Self.fcmErrorType, "errorCode": "INVALID_ARGUMENT"],
                [
                    "@type": "type.googleapis.com/google.rpc.BadRequest",
                    "fieldViolations": [["field": "message.token", "description": Self.invalidTokenMessage]],
                ],
            ]
            return .respond(
                Self.errorResponse(
                    status: 400, grpcStatus: "INVALID_ARGUMENT", message: Self.invalidTokenMessage, details: details))
        }
    }

    /// Google's error body; `details` is left out when empty.
    static func errorResponse(
        status: Int, grpcStatus: String, message: String, details: [[String: any Sendable]] = [],
        headers: [(name: String, value: String)] = []
    ) -> MockHTTPResponse {
        var error: [String: any Sendable] = ["code": status, "message": message, "status": grpcStatus]
        if !details.isEmpty { error["details"] = details }
        return .json(status: status, ["error": error], headers: headers)
    }

    private static func success(projectID: String) -> MockHTTPResponse {
        .json(status: 200, ["name": "projects/\(projectID)/messages/0:\(UInt64.random(in: 1...UInt64.max))"])
    }
}
