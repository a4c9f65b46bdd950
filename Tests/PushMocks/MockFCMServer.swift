public import CryptoExtras

/// A stand-in for FCM HTTP v1 and Google's OAuth2 token endpoint: HTTP/2 over TLS on 127.0.0.1.
/// It grants access tokens for assertions signed by the service account, checks `messages:send`
/// requests as FCM does, then answers as scripted per device token (success when nothing is
/// scripted). It records every `messages:send` request.
public final class MockFCMServer: Sendable {
    private let server: MockHTTPServer
    private let responder: FCMResponder

    private init(server: MockHTTPServer, responder: FCMResponder) {
        self.server = server
        self.responder = responder
    }

    /// Starts a server for the project `projectID`, with a certificate from `authority`.
    /// Assertions must come from `serviceAccountEmail`, signed with the private key of
    /// `serviceAccountKey`; the access tokens granted for them last `accessTokenLifetime`.
    public static func start(
        authority: TestCertificateAuthority, projectID: String, serviceAccountEmail: String,
        serviceAccountKey: _RSA.Signing.PublicKey, accessTokenLifetime: Duration = .seconds(3600)
    ) async throws -> MockFCMServer {
        let responder = FCMResponder(
            assertionCheck: FCMAssertionCheck(serviceAccountEmail: serviceAccountEmail, key: serviceAccountKey),
            projectID: projectID, accessTokenLifetime: accessTokenLifetime)
        let server = try await MockHTTPServer.start(
            name: "mock FCM server", tls: try authority.serverTLSConfiguration(), handler: responder.answer)
        return MockFCMServer(server: server, responder: responder)
    }

    /// The port it listens on.
    public var port: Int { server.port }

    /// `https://127.0.0.1:<port>`.
    public var baseURL: String { server.baseURL }

    /// The OAuth2 token endpoint, `<baseURL>/token`: the service account's `token_uri`.
    public var tokenURI: String { baseURL + "/token" }

    /// Stops the server; requests left hanging are cut off (their streams reset).
    public func stop() async {
        await server.stop()
    }

    /// Queues `replies` for the next `messages:send` requests to `token`, after any still queued.
    public func script(token: String, _ replies: [MockFCMReply]) {
        responder.script.append(replies, for: token)
    }

    /// The number of token exchanges (`POST /token`) so far, granted or not.
    public func tokenExchangeCount() async -> Int {
        responder.exchangeCount
    }

    /// Makes every access token granted so far invalid: `messages:send` answers 401 to them.
    public func revokeAccessTokens() {
        responder.accessTokens.revokeAll()
    }

    /// Every `messages:send` request so far, in arrival order.
    public func requests() async -> [MockFCMRequest] {
        responder.log.entries
    }

    /// The `messages:send` requests so far to `token`.
    public func requests(for token: String) async -> [MockFCMRequest] {
        responder.log.entries.filter { $0.deviceToken == token }
    }

    /// Every `messages:send` request, once at least `count` have arrived; throws
    /// ``MockServerError/timedOut(server:expected:received:timeout:)`` when `timeout` passes first.
    public func waitForRequests(count: Int, timeout: Duration = .seconds(10)) async throws -> [MockFCMRequest] {
        try await responder.log.wait(count: count, timeout: timeout)
    }

    /// Fails every request with `outage` from now on, until ``endOutage()``.
    public func beginOutage(_ outage: MockOutage) {
        server.outage.begin(outage)
    }

    /// Ends the outage: requests are checked and answered as before.
    public func endOutage() {
        server.outage.end()
    }

    /// The requests failed by outages so far (they are not in ``requests()``).
    public var outageFailures: Int { server.outage.failedCount }

    /// The number of TCP connections accepted so far.
    public func connectionCount() async -> Int {
        server.connectionCount
    }
}
