import Foundation
import Synchronization

/// Answers FCM's two endpoints: the OAuth2 token exchange (`POST /token`) and
/// `POST /v1/projects/<project>/messages:send` (FCM's checks first, then the script). Records
/// each `messages:send` request and counts the exchanges.
final class FCMResponder: Sendable {
    let script = ReplyScript<MockFCMReply>()
    let log = RequestLog<MockFCMRequest>(server: "mock FCM server")
    let accessTokens = FCMAccessTokens()
    private let exchanges = Atomic(0)
    private let assertionCheck: FCMAssertionCheck
    private let sendCheck: FCMSendCheck
    private let accessTokenLifetime: Duration

    init(assertionCheck: FCMAssertionCheck, projectID: String, accessTokenLifetime: Duration) {
        self.assertionCheck = assertionCheck
        sendCheck = FCMSendCheck(projectID: projectID, accessTokens: accessTokens)
        self.accessTokenLifetime = accessTokenLifetime
    }

    /// The number of `POST /token` requests so far, granted or not.
    var exchangeCount: Int { exchanges.load(ordering: .relaxed) }

    func answer(_ request: MockHTTPRequest) -> MockHTTPAnswer {
        if request.method == "POST", request.path == "/token" {
            return .respond(exchange(request))
        }
        if request.method == "POST", let project = FCMSendCheck.project(inSendPath: request.path) {
            return send(request, project: project)
        }
        return .respond(MockFCMReply.errorResponse(status: 404, grpcStatus: "NOT_FOUND", message: "Method not found."))
    }

    /// Grants an access token for a valid assertion.
    private func exchange(_ request: MockHTTPRequest) -> MockHTTPResponse {
        exchanges.add(1, ordering: .relaxed)
        let form = Self.formFields(request.body)
        guard form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer" else {
            return Self.grantError("unsupported_grant_type", "Invalid grant_type: \(form["grant_type"] ?? "")")
        }
        guard let assertion = form["assertion"] else {
            return Self.grantError("invalid_request", "Missing required parameter: assertion")
        }
        do throws(FCMGrantRejection) {
            try assertionCheck.check(
                assertion, tokenURI: MockHTTPServer.baseURL(port: request.serverPort) + "/token",
                now: request.receivedAt)
        } catch {
            return Self.grantError(error.error, error.description)
        }
        let lifetime = accessTokenLifetime.components.seconds
        let token = accessTokens.issue(expiringAt: request.receivedAt.addingTimeInterval(Double(lifetime)))
        return .json(status: 200, ["access_token": token, "expires_in": lifetime, "token_type": "Bearer"])
    }

    /// Checks a `messages:send` request, then answers as scripted.
    private func send(_ request: MockHTTPRequest, project: String) -> MockHTTPAnswer {
        let deviceToken = FCMSendCheck.deviceToken(inBody: request.body) ?? ""
        let reply: MockFCMReply
        do throws(FCMSendRejection) {
            try sendCheck.check(request, project: project)
            reply = script.next(for: deviceToken) ?? .success
        } catch {
            reply = error.reply
        }
        log.append(
            MockFCMRequest(
                deviceToken: deviceToken,
                projectID: project,
                headers: request.headers,
                headerFields: request.headerFields,
                body: request.body,
                accessToken: request.bearerCredentials,
                httpVersion: request.httpVersion,
                receivedAt: request.receivedAt,
                replyStatus: reply.status
            ))
        return reply.answer(projectID: project)
    }

    /// The fields of an `application/x-www-form-urlencoded` body.
    private static func formFields(_ body: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decoded = parts.map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            fields[decoded[0]] = decoded.count == 2 ? decoded[1] : ""
        }
        return fields
    }

    /// 400 `{"error": error, "error_description": description}`.
    private static func grantError(_ error: String, _ description: String) -> MockHTTPResponse {
        .json(status: 400, ["error": error, "error_description": description])
    }
}
