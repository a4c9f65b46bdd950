import Foundation
import PushDelivery
import Testing

@Suite struct FCMErrorTableTests {
    private static func action(
        _ status: Int, code: String? = nil, errorStatus: String? = nil, invalidToken: Bool = false,
        retryAfter: Duration? = nil, context: DeliveryContext = DeliveryContext()
    ) -> DeliveryOutcome {
        let response = FCMResponse(
            status: status, errorStatus: errorStatus, errorCode: code, invalidToken: invalidToken,
            retryAfter: retryAfter)
        return FCMErrorTable.action(for: response, context: context)
    }

    /// Every error code of the reference's table with an ordinary context.
    static let rows: [(Int, String, DeliveryOutcome)] = [
        (404, "UNREGISTERED", .prune(reason: "UNREGISTERED")),
        (400, "INVALID_ARGUMENT", .fail(reason: "INVALID_ARGUMENT")),
        (403, "SENDER_ID_MISMATCH", .prune(reason: "SENDER_ID_MISMATCH")),
        (429, "QUOTA_EXCEEDED", .retry(after: .seconds(60), reason: "QUOTA_EXCEEDED", freshConnection: false)),
        (503, "UNAVAILABLE", .retry(after: nil, reason: "UNAVAILABLE", freshConnection: false)),
        (500, "INTERNAL", .retry(after: nil, reason: "INTERNAL", freshConnection: false)),
        (401, "THIRD_PARTY_AUTH_ERROR", .fail(reason: "THIRD_PARTY_AUTH_ERROR")),
        (401, "APNS_AUTH_ERROR", .fail(reason: "APNS_AUTH_ERROR")),
    ]

    @Test(arguments: rows)
    func everyErrorCode(_ status: Int, _ code: String, _ outcome: DeliveryOutcome) {
        #expect(Self.action(status, code: code) == outcome)
    }

    @Test func successIsDeliveredWithTheMessageName() {
        let response = FCMResponse(status: 200, messageName: "projects/p/messages/0:1700000000%abc")
        #expect(
            FCMErrorTable.action(for: response, context: DeliveryContext())
                == .delivered(providerMessageID: "projects/p/messages/0:1700000000%abc"))
    }

    @Test func invalidTokenArgumentPrunes() {
        #expect(Self.action(400, code: "INVALID_ARGUMENT", invalidToken: true) == .prune(reason: "INVALID_ARGUMENT"))
        #expect(
            Self.action(400, errorStatus: "INVALID_ARGUMENT", invalidToken: true) == .prune(reason: "INVALID_ARGUMENT"))
    }

    @Test func invalidTokenFlagDoesNotPruneOtherErrors() {
        #expect(
            Self.action(503, code: "UNAVAILABLE", invalidToken: true)
                == .retry(after: nil, reason: "UNAVAILABLE", freshConnection: false))
    }

    /// The APNs key in Firebase can be refused for one cross-platform iPhone alone: FCM halts
    /// only when most devices of the event get it.
    @Test(arguments: ["THIRD_PARTY_AUTH_ERROR", "APNS_AUTH_ERROR"])
    func thirdPartyAuthErrorForOneDeviceFailsItAndHaltsOnlyWhenWidespread(_ code: String) {
        #expect(Self.action(401, code: code) == .fail(reason: code))
        #expect(Self.action(401, code: code, context: DeliveryContext(widespread: true)) == .halt(reason: code))
    }

    @Test func senderMismatchOnEveryDeviceHalts() {
        #expect(
            Self.action(403, code: "SENDER_ID_MISMATCH", context: DeliveryContext(widespread: true))
                == .halt(reason: "SENDER_ID_MISMATCH"))
    }

    @Test(arguments: ["QUOTA_EXCEEDED", "UNAVAILABLE", "INTERNAL"])
    func retryAfterIsHonoured(_ code: String) {
        #expect(
            Self.action(429, code: code, retryAfter: .seconds(7))
                == .retry(after: .seconds(7), reason: code, freshConnection: false))
    }

    @Test(arguments: [(401, "UNAUTHENTICATED"), (403, "PERMISSION_DENIED")])
    func authenticationFailuresRefreshOnceThenHalt(_ status: Int, _ errorStatus: String) {
        #expect(Self.action(status, errorStatus: errorStatus) == .refreshCredentials(reason: errorStatus))
        #expect(
            Self.action(status, errorStatus: errorStatus, context: DeliveryContext(credentialsRefreshed: true))
                == .halt(reason: errorStatus))
        #expect(
            Self.action(status, code: "UNSPECIFIED_ERROR", errorStatus: errorStatus)
                == .refreshCredentials(reason: errorStatus))
    }

    static let statusRows: [(Int, DeliveryOutcome)] = [
        (400, .fail(reason: "HTTP 400")),
        (401, .refreshCredentials(reason: "HTTP 401")),
        (403, .refreshCredentials(reason: "HTTP 403")),
        (404, .fail(reason: "HTTP 404")),
        (429, .retry(after: .seconds(60), reason: "HTTP 429", freshConnection: false)),
        (500, .retry(after: nil, reason: "HTTP 500", freshConnection: false)),
        (503, .retry(after: nil, reason: "HTTP 503", freshConnection: false)),
        (418, .retry(after: nil, reason: "HTTP 418 (unrecognised)", freshConnection: false)),
    ]

    @Test(arguments: statusRows)
    func withoutErrorCodeTheStatusDecides(_ status: Int, _ outcome: DeliveryOutcome) {
        #expect(Self.action(status) == outcome)
    }

    @Test func unknownErrorCodeIsRetriedWithANote() {
        #expect(
            Self.action(400, code: "NEW_CODE")
                == .retry(after: nil, reason: "NEW_CODE (unrecognised)", freshConnection: false))
    }
}

@Suite struct FCMResponseTests {
    private static func read(_ status: Int, _ body: String, headers: [(name: String, value: String)] = [])
        -> FCMResponse
    {
        FCMResponse(status: status, headerFields: headers, body: Array(body.utf8), now: Fixtures.now)
    }

    @Test func success() {
        #expect(
            Self.read(200, #"{"name":"projects/p/messages/0:1"}"#)
                == FCMResponse(status: 200, messageName: "projects/p/messages/0:1"))
    }

    @Test func errorCodeComesFromTheFcmErrorDetail() {
        let body = """
            {"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND","details":[
            {"@type":"type.googleapis.com/google.rpc.Other","errorCode":"DECOY"},
            {"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}
            """
        #expect(Self.read(404, body) == FCMResponse(status: 404, errorStatus: "NOT_FOUND", errorCode: "UNREGISTERED"))
    }

    @Test func invalidTokenFromTheMessage() {
        let body = """
            {"error":{"code":400,"message":"The registration token is not a valid FCM registration token",
            "status":"INVALID_ARGUMENT",
            "details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"INVALID_ARGUMENT"}]}}
            """
        #expect(Self.read(400, body).invalidToken)
    }

    @Test func invalidTokenFromAFieldViolation() {
        let body = """
            {"error":{"code":400,"message":"Request contains an invalid argument.","status":"INVALID_ARGUMENT",
            "details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations":[{"field":"message.token","description":"Invalid registration token"}]}]}}
            """
        #expect(Self.read(400, body).invalidToken)
    }

    @Test func otherInvalidArgumentsAreNotAboutTheToken() {
        let body = """
            {"error":{"code":400,"message":"Invalid value at 'message.android.ttl'","status":"INVALID_ARGUMENT",
            "details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations":[{"field":"message.android.ttl"}]}]}}
            """
        #expect(!Self.read(400, body).invalidToken)
    }

    @Test func retryAfterHeader() {
        let response = Self.read(
            429, #"{"error":{"status":"RESOURCE_EXHAUSTED"}}"#, headers: [(name: "retry-after", value: "120")])
        #expect(response == FCMResponse(status: 429, errorStatus: "RESOURCE_EXHAUSTED", retryAfter: .seconds(120)))
    }

    @Test(arguments: ["", "<html>Bad Gateway</html>", #"{"error":"nope"}"#])
    func unreadableBodiesLeaveTheStatusToDecide(_ body: String) {
        #expect(Self.read(502, body) == FCMResponse(status: 502))
    }
}
