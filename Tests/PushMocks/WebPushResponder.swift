import Foundation

/// Answers Web Push requests: the push service's checks first, then the script; records each request.
final class WebPushResponder: Sendable {
    let script = ReplyScript<MockWebPushReply>()
    let log = RequestLog<MockWebPushRequest>(server: "mock push service")
    private let check: WebPushRequestCheck

    init(check: WebPushRequestCheck) {
        self.check = check
    }

    /// The path of a subscription's endpoint: `/push/<subscription>`.
    static func path(of subscription: String) -> String { "/push/\(subscription)" }

    func answer(_ request: MockHTTPRequest) -> MockHTTPAnswer {
        let prefix = Self.path(of: "")
        let subscription = request.path.hasPrefix(prefix) ? String(request.path.dropFirst(prefix.count)) : ""
        var reply = MockWebPushReply.error(status: 404)
        var refusal: String? = "not a subscription's endpoint"
        if request.method == "POST", !subscription.isEmpty {
            if let refused = check.refusal(of: request, now: Date()) {
                reply = .error(status: refused.status, reason: refused.status == 401 ? "BadJwtToken" : nil)
                refusal = refused.reason
            } else {
                reply = script.next(for: subscription) ?? .created
                refusal = nil
            }
        }
        log.append(
            MockWebPushRequest(
                subscription: subscription, headers: request.headers, body: request.body,
                httpVersion: request.httpVersion, receivedAt: request.receivedAt, replyStatus: reply.status,
                refusal: refusal))
        let origin = MockHTTPServer.baseURL(port: request.serverPort)
        return reply.answer(messageURL: "\(origin)/m/\(UUID().uuidString.lowercased())")
    }
}
