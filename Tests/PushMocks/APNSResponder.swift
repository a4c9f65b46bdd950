import Foundation

/// Answers APNs requests: Apple's checks first, then the script; records each request.
final class APNSResponder: Sendable {
    let script = ReplyScript<MockAPNSReply>()
    let log = RequestLog<MockAPNSRequest>(server: "mock APNs server")
    private let check: APNSRequestCheck

    init(check: APNSRequestCheck) {
        self.check = check
    }

    func answer(_ request: MockHTTPRequest) -> MockHTTPAnswer {
        let deviceToken = APNSRequestCheck.deviceToken(inPath: request.path) ?? ""
        let reply: MockAPNSReply
        do throws(APNSRejection) {
            try check.check(request)
            reply = script.next(for: deviceToken) ?? .success
        } catch {
            reply = .error(status: error.status, reason: error.reason)
        }
        log.append(
            MockAPNSRequest(
                deviceToken: deviceToken,
                path: request.path,
                headers: request.headers,
                headerFields: request.headerFields,
                body: request.body,
                validJSON: APNSRequestCheck.isValidPayload(request.body),
                jwt: request.bearerCredentials,
                httpVersion: request.httpVersion,
                receivedAt: request.receivedAt,
                replyStatus: reply.status,
                replyReason: reply.reason
            ))
        let sentID = request.headers["apns-id"].flatMap(UUID.init(uuidString:))
        return reply.answer(apnsID: (sentID ?? UUID()).uuidString.lowercased())
    }
}
