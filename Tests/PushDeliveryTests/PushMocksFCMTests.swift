import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

/// The mock FCM server and its OAuth2 token endpoint, driven by a real HTTP/2 client over TLS.
@Suite struct PushMocksFCMTests {
    /// One account for the suite: generating an RSA key takes a moment.
    static let account: TestServiceAccount = {
        do {
            return try TestServiceAccount.generate()
        } catch {
            fatalError("cannot generate a test service account: \(error)")
        }
    }()

    /// A started server, the account as our parser reads it, and a client; torn down after `body`.
    struct Fixture {
        let server: MockFCMServer
        let serviceAccount: FCMServiceAccount
        let client: MockTestClient

        var sendURL: String { server.baseURL + "/v1/projects/\(account.projectID)/messages:send" }

        /// Exchanges `assertion` (a fresh valid one when `nil`) at the token endpoint.
        func exchange(_ assertion: String? = nil) async throws -> MockTestClient.Response {
            let assertion =
                if let assertion { assertion } else { try await serviceAccount.assertion(issuedAt: Date()).value }
            let request = OAuthTokenRequest(url: server.tokenURI, assertion: Secret(assertion))
            return try await client.send(
                request.url, method: request.method, headers: [("content-type", request.contentType)],
                body: request.body)
        }

        /// A granted access token.
        func accessToken() async throws -> String {
            try AccessTokenGrant(json: try await exchange().body).accessToken.value
        }

        /// Sends a message to `token` with `accessToken`.
        func send(to token: String, accessToken: String, data: [String: String] = ["event": "alarm"]) async throws
            -> MockTestClient.Response
        {
            let body = try JSONSerialization.data(withJSONObject: ["message": ["token": token, "data": data]])
            return try await client.send(
                sendURL, headers: [("authorization", "Bearer \(accessToken)"), ("content-type", "application/json")],
                body: Array(body))
        }
    }

    func withServer(_ body: (Fixture) async throws -> Void) async throws {
        let authority = try TestCertificateAuthority()
        let server = try await MockFCMServer.start(
            authority: authority, projectID: Self.account.projectID, serviceAccountEmail: Self.account.email,
            serviceAccountKey: Self.account.publicKey)
        let serviceAccount = try FCMServiceAccount(json: Array(Self.account.json(tokenURI: server.tokenURI).utf8))
        let client = try MockTestClient(authority: authority)
        try await afterwards({
            try await client.shutdown()
            await server.stop()
        }) {
            try await body(Fixture(server: server, serviceAccount: serviceAccount, client: client))
        }
    }

    static func deviceToken() -> String {
        "fcm-" + UUID().uuidString
    }

    @Test func grantsAnAccessTokenForAValidAssertionAndAcceptsIt() async throws {
        try await withServer { fixture in
            let response = try await fixture.exchange()
            #expect(response.status == 200)
            #expect(response.version == "2")
            let accessToken = try #require(try response.json["access_token"] as? String)
            #expect(accessToken.hasPrefix("ya29.mock-"))
            #expect(try response.json["expires_in"] as? Int == 3600)
            #expect(try response.json["token_type"] as? String == "Bearer")
            #expect(await fixture.server.tokenExchangeCount() == 1)

            let token = Self.deviceToken()
            let sent = try await fixture.send(
                to: token, accessToken: accessToken, data: ["event": "alarm", "zone": "1"])
            #expect(sent.status == 200)
            let name = try #require(try sent.json["name"] as? String)
            #expect(name.hasPrefix("projects/\(Self.account.projectID)/messages/"))

            let recorded = try #require(await fixture.server.requests(for: token).first)
            #expect(recorded.accessToken == accessToken)
            #expect(recorded.httpVersion == "2")
            #expect(recorded.projectID == Self.account.projectID)
            #expect(recorded.data == ["event": "alarm", "zone": "1"])
            #expect(recorded.replyStatus == 200)
        }
    }

    @Test func refusesAnAssertionSignedByAnotherKey() async throws {
        try await withServer { fixture in
            let impostorKey = try TestServiceAccount.generate(foreign: true)
            let impostor = TestServiceAccount(
                key: impostorKey.key, email: Self.account.email, projectID: Self.account.projectID,
                privateKeyID: Self.account.privateKeyID)
            let impostorAccount = try FCMServiceAccount(
                json: Array(impostor.json(tokenURI: fixture.server.tokenURI).utf8))
            let assertion = try await impostorAccount.assertion(issuedAt: Date()).value
            let response = try await fixture.exchange(assertion)
            #expect(response.status == 400)
            #expect(try response.json["error"] as? String == "invalid_grant")
            #expect(try response.json["access_token"] == nil)
            #expect(await fixture.server.tokenExchangeCount() == 1)
        }
    }

    @Test func refusesAnExpiredAssertion() async throws {
        try await withServer { fixture in
            let assertion = try await fixture.serviceAccount.assertion(issuedAt: Date().addingTimeInterval(-7200)).value
            let response = try await fixture.exchange(assertion)
            #expect(response.status == 400)
            #expect(try response.json["error"] as? String == "invalid_grant")
        }
    }

    @Test func answers401ToAnUnknownBearerToken() async throws {
        try await withServer { fixture in
            let response = try await fixture.send(to: Self.deviceToken(), accessToken: "ya29.not-issued-here")
            #expect(response.status == 401)
            let error = try #require(try response.json["error"] as? [String: Any])
            #expect(error["code"] as? Int == 401)
            #expect(error["status"] as? String == "UNAUTHENTICATED")
            #expect(error["message"] as? String == "Request had invalid authentication credentials.")
            #expect(await fixture.server.requests().first?.replyStatus == 401)
        }
    }

    @Test func answers401AfterTheTokensAreRevoked() async throws {
        try await withServer { fixture in
            let accessToken = try await fixture.accessToken()
            #expect(try await fixture.send(to: Self.deviceToken(), accessToken: accessToken).status == 200)
            fixture.server.revokeAccessTokens()
            #expect(try await fixture.send(to: Self.deviceToken(), accessToken: accessToken).status == 401)
        }
    }

    @Test func answersAScriptedUnregisteredThenSucceeds() async throws {
        try await withServer { fixture in
            let token = Self.deviceToken()
            fixture.server.script(token: token, [.unregistered])
            let accessToken = try await fixture.accessToken()

            let gone = try await fixture.send(to: token, accessToken: accessToken)
            #expect(gone.status == 404)
            let error = try #require(try gone.json["error"] as? [String: Any])
            #expect(error["status"] as? String == "NOT_FOUND")
            let details = try #require(error["details"] as? [[String: Any]])
            #expect(details.first?["@type"] as? String == "type.googleapis.com/google.firebase.fcm.v1.FcmError")
            #expect(details.first?["errorCode"] as? String == "UNREGISTERED")

            #expect(try await fixture.send(to: token, accessToken: accessToken).status == 200)
            #expect(await fixture.server.requests(for: token).map(\.replyStatus) == [404, 200])
        }
    }

    @Test func answersAScriptedQuotaErrorWithRetryAfter() async throws {
        try await withServer { fixture in
            let token = Self.deviceToken()
            fixture.server.script(
                token: token,
                [.error(status: 429, grpcStatus: "RESOURCE_EXHAUSTED", errorCode: "QUOTA_EXCEEDED", retryAfter: 60)])
            let response = try await fixture.send(to: token, accessToken: try await fixture.accessToken())
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == "60")
        }
    }

    @Test func answersAnInvalidTokenAsFCMDoes() async throws {
        try await withServer { fixture in
            let token = Self.deviceToken()
            fixture.server.script(token: token, [.invalidToken])
            let response = try await fixture.send(to: token, accessToken: try await fixture.accessToken())
            #expect(response.status == 400)
            let error = try #require(try response.json["error"] as? [String: Any])
            #expect(error["message"] as? String == "The registration token is not a valid FCM registration token")
            let details = try #require(error["details"] as? [[String: Any]])
            let violations = details.compactMap { $0["fieldViolations"] as? [[String: Any]] }.joined()
            #expect(violations.map { $0["field"] as? String } == ["message.token"])
        }
    }

    @Test func refusesAnotherProjectAndAMessageWithoutToken() async throws {
        try await withServer { fixture in
            let accessToken = try await fixture.accessToken()
            let headers = [("authorization", "Bearer \(accessToken)")]
            let otherProject = try await fixture.client.send(
                fixture.server.baseURL + "/v1/projects/someone-else/messages:send", headers: headers,
                body: Array(#"{"message":{"token":"t"}}"#.utf8))
            #expect(otherProject.status == 403)
            #expect(try (otherProject.json["error"] as? [String: Any])?["status"] as? String == "PERMISSION_DENIED")

            let noToken = try await fixture.client.send(
                fixture.sendURL, headers: headers, body: Array(#"{"message":{"topic":"news"}}"#.utf8))
            #expect(noToken.status == 400)
            #expect(try (noToken.json["error"] as? [String: Any])?["status"] as? String == "INVALID_ARGUMENT")
        }
    }

    @Test func waitForRequestsThrowsWhenNoneArrive() async throws {
        try await withServer { fixture in
            await #expect(throws: MockServerError.self) {
                try await fixture.server.waitForRequests(count: 1, timeout: .milliseconds(100))
            }
        }
    }
}
