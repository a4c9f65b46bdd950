import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import PushDelivery
import PushMocks
import Testing

/// The mock APNs server, driven by a real HTTP/2 client over TLS.
@Suite struct PushMocksAPNSTests {
    static let topic = "com.example.alarm"
    static let payload = Array(#"{"aps":{"alert":{"title":"Alarm","body":"Zone 1"}}}"#.utf8)

    /// One request to APNs, valid unless a test changes it.
    struct APNSTestRequest: Sendable {
        var method = "POST"
        var path: String
        var headers: [(String, String)]
        var body = payload

        /// Replaces (or, with `nil`, removes) the header `name`.
        mutating func set(_ name: String, _ value: String?) {
            headers.removeAll { $0.0 == name }
            if let value { headers.append((name, value)) }
        }
    }

    /// A started server with its key and a client; torn down after `body`.
    struct Fixture {
        let key: TestAPNSKey
        let server: MockAPNSServer
        let client: MockTestClient

        /// A fresh random device token (64 hex digits).
        static func deviceToken() -> String {
            String((0..<64).map { _ in "0123456789abcdef".randomElement()! })
        }

        /// A provider token signed by `key` (this fixture's key when `nil`), issued at `issuedAt`.
        func jwt(by key: TestAPNSKey? = nil, issuedAt: Date = Date()) async throws -> String {
            let key = key ?? self.key
            return try await APNSSigningKey(pem: key.p8PEM).providerToken(
                keyID: key.keyID, teamID: key.teamID, issuedAt: issuedAt)
        }

        /// A valid request to `token`, with `jwt` as its provider token.
        func request(to token: String, jwt: String?) -> APNSTestRequest {
            var headers = [
                ("apns-topic", PushMocksAPNSTests.topic), ("apns-push-type", "alert"), ("apns-priority", "10"),
                ("apns-id", UUID().uuidString.lowercased()), ("content-type", "application/json"),
            ]
            if let jwt { headers.append(("authorization", "bearer \(jwt)")) }
            return APNSTestRequest(path: "/3/device/\(token)", headers: headers)
        }

        func send(_ request: APNSTestRequest) async throws -> MockTestClient.Response {
            try await client.send(
                server.baseURL + request.path, method: request.method, headers: request.headers, body: request.body)
        }

        /// Sends a valid request to `token`, signed now.
        func send(to token: String) async throws -> MockTestClient.Response {
            try await send(request(to: token, jwt: try await jwt()))
        }
    }

    func withServer(
        requireClientCertificate: Bool = false, clientIdentity: Bool = false, http1Only: Bool = false,
        _ body: (Fixture) async throws -> Void
    ) async throws {
        let authority = try TestCertificateAuthority()
        let key = TestAPNSKey.generate()
        let server = try await MockAPNSServer.start(
            authority: authority, topic: Self.topic, signingKeys: [key.keyID: key.publicKey], teamID: key.teamID,
            requireClientCertificate: requireClientCertificate)
        let identity = clientIdentity ? try authority.clientIdentity(commonName: Self.topic) : nil
        let client = try MockTestClient(authority: authority, identity: identity, http1Only: http1Only)
        try await afterwards({
            try await client.shutdown()
            await server.stop()
        }) {
            try await body(Fixture(key: key, server: server, client: client))
        }
    }

    @Test func acceptsAValidProviderTokenOverHTTP2AndRecordsTheRequest() async throws {
        try await withServer { fixture in
            let token = Fixture.deviceToken()
            let jwt = try await fixture.jwt()
            let request = fixture.request(to: token, jwt: jwt)
            let response = try await fixture.send(request)

            #expect(response.status == 200)
            #expect(response.version == "2")
            let sentID = try #require(request.headers.first { $0.0 == "apns-id" }?.1)
            #expect(response.headers["apns-id"] == sentID)
            #expect(response.headers["apns-unique-id"].flatMap(UUID.init(uuidString:)) != nil)

            let recorded = try #require(await fixture.server.requests(for: token).first)
            #expect(recorded.httpVersion == "2")
            #expect(recorded.jwt == jwt)
            #expect(recorded.headers["apns-topic"] == Self.topic)
            #expect(recorded.headerCount("apns-id") == 1)
            #expect(recorded.body == Self.payload)
            #expect(recorded.validJSON)
            #expect(recorded.replyStatus == 200 && recorded.replyReason == nil)
            #expect(await fixture.server.distinctJWTs() == [jwt])
            #expect(await fixture.server.connectionCount() == 1)
        }
    }

    @Test func answersANewLowercaseAPNSIDWhenTheRequestHasNone() async throws {
        try await withServer { fixture in
            var request = fixture.request(to: Fixture.deviceToken(), jwt: try await fixture.jwt())
            request.set("apns-id", nil)
            let response = try await fixture.send(request)
            let apnsID = try #require(response.headers["apns-id"])
            #expect(UUID(uuidString: apnsID) != nil && apnsID == apnsID.lowercased())
        }
    }

    @Test func rejectsAProviderTokenSignedByAnotherKey() async throws {
        try await withServer { fixture in
            let impostor = TestAPNSKey(
                keyID: fixture.key.keyID, teamID: fixture.key.teamID, privateKey: P256.Signing.PrivateKey())
            let response = try await fixture.send(
                fixture.request(to: Fixture.deviceToken(), jwt: try await fixture.jwt(by: impostor)))
            #expect(response.status == 403)
            #expect(try response.json["reason"] as? String == "InvalidProviderToken")
        }
    }

    @Test func rejectsAProviderTokenIssuedTwoHoursAgo() async throws {
        try await withServer { fixture in
            let jwt = try await fixture.jwt(issuedAt: Date().addingTimeInterval(-7200))
            let response = try await fixture.send(fixture.request(to: Fixture.deviceToken(), jwt: jwt))
            #expect(response.status == 403)
            #expect(try response.json["reason"] as? String == "ExpiredProviderToken")
        }
    }

    @Test func rejectsAnotherAppsTopic() async throws {
        try await withServer { fixture in
            var request = fixture.request(to: Fixture.deviceToken(), jwt: try await fixture.jwt())
            request.set("apns-topic", "com.example.other")
            let response = try await fixture.send(request)
            #expect(response.status == 400)
            #expect(try response.json["reason"] as? String == "DeviceTokenNotForTopic")
            #expect(await fixture.server.requests().first?.replyReason == "DeviceTokenNotForTopic")
        }
    }

    /// A change that makes a valid request invalid, and how Apple answers it.
    struct Defect: Sendable, CustomTestStringConvertible {
        let reason: String
        let status: Int
        let apply: @Sendable (inout APNSTestRequest) -> Void

        init(_ reason: String, _ status: Int = 400, _ apply: @escaping @Sendable (inout APNSTestRequest) -> Void) {
            self.reason = reason
            self.status = status
            self.apply = apply
        }

        var testDescription: String { reason }
    }

    static let defects: [Defect] = [
        Defect("BadPath", 404) { $0.path = "/3/notification/" + Fixture.deviceToken() },
        Defect("MethodNotAllowed", 405) { $0.method = "PUT" },
        Defect("BadDeviceToken") { $0.path = "/3/device/" + String(repeating: "z", count: 64) },
        Defect("BadDeviceToken") { $0.path = "/3/device/abcdef" },
        Defect("DuplicateHeaders") { $0.headers.append(("apns-priority", "5")) },
        Defect("MissingProviderToken", 403) { $0.set("authorization", nil) },
        Defect("InvalidProviderToken", 403) { $0.set("authorization", "bearer not.a.jwt") },
        Defect("MissingTopic") { $0.set("apns-topic", nil) },
        Defect("InvalidPushType") { $0.set("apns-push-type", "urgent") },
        Defect("InvalidPushType") { $0.set("apns-push-type", nil) },
        Defect("BadPriority") { $0.set("apns-priority", "7") },
        Defect("BadExpirationDate") { $0.set("apns-expiration", "tomorrow") },
        Defect("BadCollapseId") { $0.set("apns-collapse-id", String(repeating: "c", count: 65)) },
        Defect("BadMessageId") { $0.set("apns-id", "not-a-uuid") },
        Defect("PayloadEmpty") { $0.body = [] },
        Defect("PayloadTooLarge", 413) {
            $0.body = Array(#"{"aps":{},"x":""#.utf8) + Array(repeating: 0x61, count: 4096) + Array(#""}"#.utf8)
        },
    ]

    @Test(arguments: defects) func answersLikeAppleTo(_ defect: Defect) async throws {
        try await withServer { fixture in
            var request = fixture.request(to: Fixture.deviceToken(), jwt: try await fixture.jwt())
            defect.apply(&request)
            let response = try await fixture.send(request)
            #expect(response.status == defect.status)
            #expect(try response.json["reason"] as? String == defect.reason)
            let recorded = try #require(await fixture.server.requests().first)
            #expect(recorded.replyStatus == defect.status && recorded.replyReason == defect.reason)
        }
    }

    @Test func recordsWhetherThePayloadIsAnAPSObject() async throws {
        try await withServer { fixture in
            var request = fixture.request(to: Fixture.deviceToken(), jwt: try await fixture.jwt())
            request.body = Array("[1, 2]".utf8)
            #expect(try await fixture.send(request).status == 200)
            #expect(await fixture.server.requests().first?.validJSON == false)
        }
    }

    @Test func answersAScripted410WithItsTimestampThenSucceeds() async throws {
        try await withServer { fixture in
            let token = Fixture.deviceToken()
            let unregisteredAt = Date(timeIntervalSince1970: 1_700_000_000.123)
            fixture.server.script(
                token: token, [.error(status: 410, reason: "Unregistered", timestamp: unregisteredAt)])

            let gone = try await fixture.send(to: token)
            #expect(gone.status == 410)
            #expect(try gone.json["reason"] as? String == "Unregistered")
            #expect(try gone.json["timestamp"] as? Int == 1_700_000_000_123)
            #expect(gone.headers["retry-after"] == nil)

            #expect(try await fixture.send(to: token).status == 200)
            #expect(await fixture.server.requests(for: token).map(\.replyStatus) == [410, 200])
        }
    }

    @Test func answersAScripted429WithRetryAfter() async throws {
        try await withServer { fixture in
            let token = Fixture.deviceToken()
            fixture.server.script(token: token, [.error(status: 429, reason: "TooManyRequests", retryAfter: 30)])
            let response = try await fixture.send(to: token)
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == "30")
            #expect(try response.json["reason"] as? String == "TooManyRequests")
            #expect(try response.json["timestamp"] == nil)
        }
    }

    @Test func answersAScriptedDelayLate() async throws {
        try await withServer { fixture in
            let token = Fixture.deviceToken()
            fixture.server.script(token: token, [.delay(.milliseconds(300))])
            let started = ContinuousClock.now
            let response = try await fixture.send(to: token)
            #expect(response.status == 200)
            #expect(ContinuousClock.now - started >= .milliseconds(300))
        }
    }

    @Test func stopCutsOffAHangingRequest() async throws {
        try await withServer { fixture in
            let token = Fixture.deviceToken()
            fixture.server.script(token: token, [.hang])
            let sending = Task { try await fixture.send(to: token) }
            let recorded = try await fixture.server.waitForRequests(count: 1)
            #expect(recorded.first?.replyStatus == 0)

            // Well within the server's own grace period for open requests.
            try await within(.seconds(2)) { await fixture.server.stop() }
            await #expect(throws: (any Error).self) { try await sending.value }
        }
    }

    @Test func waitForRequestsThrowsWhenTooFewArrive() async throws {
        try await withServer { fixture in
            _ = try await fixture.send(to: Fixture.deviceToken())
            let error = await #expect(throws: MockServerError.self) {
                try await fixture.server.waitForRequests(count: 2, timeout: .milliseconds(200))
            }
            #expect(error?.description == "mock APNs server: waited 0.2 seconds for 2 requests, received 1")
        }
    }

    @Test func waitForRequestsReturnsOnceEnoughArrive() async throws {
        try await withServer { fixture in
            let waiting = Task { try await fixture.server.waitForRequests(count: 2) }
            _ = try await fixture.send(to: Fixture.deviceToken())
            _ = try await fixture.send(to: Fixture.deviceToken())
            #expect(try await waiting.value.count == 2)
        }
    }

    @Test func acceptsAClientCertificateInsteadOfAProviderToken() async throws {
        try await withServer(requireClientCertificate: true, clientIdentity: true) { fixture in
            let response = try await fixture.send(fixture.request(to: Fixture.deviceToken(), jwt: nil))
            #expect(response.status == 200)
            #expect(await fixture.server.requests().first?.jwt == nil)
        }
    }

    @Test func refusesAClientWithoutCertificateWhenOneIsRequired() async throws {
        try await withServer(requireClientCertificate: true) { fixture in
            let request = fixture.request(to: Fixture.deviceToken(), jwt: nil)
            await #expect(throws: (any Error).self) {
                try await fixture.client.send(
                    fixture.server.baseURL + request.path, headers: request.headers, body: request.body,
                    timeout: .seconds(10))
            }
            #expect(await fixture.server.connectionCount() >= 1)
            #expect(await fixture.server.requests().isEmpty)
        }
    }

    @Test func recordsHTTP1WhenTheClientDoesNotSpeakHTTP2() async throws {
        try await withServer(http1Only: true) { fixture in
            let response = try await fixture.send(to: Fixture.deviceToken())
            #expect(response.status == 200)
            #expect(response.version == "1.1")
            #expect(await fixture.server.requests().first?.httpVersion == "1.1")
        }
    }
}
