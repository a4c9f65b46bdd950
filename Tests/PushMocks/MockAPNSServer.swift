public import Crypto

/// A stand-in for APNs: HTTP/2 over TLS on 127.0.0.1, checking requests and provider tokens as
/// Apple does, then answering as scripted per device token (success when nothing is scripted).
/// It records every request.
public final class MockAPNSServer: Sendable {
    private let server: MockHTTPServer
    private let responder: APNSResponder

    private init(server: MockHTTPServer, responder: APNSResponder) {
        self.server = server
        self.responder = responder
    }

    /// Starts a server for the app `topic`, with a certificate from `authority`. Provider tokens
    /// must come from `teamID`, signed by one of `signingKeys` (key ID → public key); with
    /// `requireClientCertificate`, clients authenticate with a certificate from `authority`
    /// instead and need no token.
    public static func start(
        authority: TestCertificateAuthority, topic: String, signingKeys: [String: P256.Signing.PublicKey],
        teamID: String, requireClientCertificate: Bool = false
    ) async throws -> MockAPNSServer {
        let responder = APNSResponder(
            check: APNSRequestCheck(
                topic: topic,
                providerTokens: requireClientCertificate
                    ? nil : APNSProviderTokenCheck(signingKeys: signingKeys, teamID: teamID)))
        let server = try await MockHTTPServer.start(
            name: "mock APNs server",
            tls: try authority.serverTLSConfiguration(requireClientCertificate: requireClientCertificate),
            handler: responder.answer)
        return MockAPNSServer(server: server, responder: responder)
    }

    /// The port it listens on.
    public var port: Int { server.port }

    /// `https://127.0.0.1:<port>`.
    public var baseURL: String { server.baseURL }

    /// Stops the server; requests left hanging are cut off (their streams reset).
    public func stop() async {
        await server.stop()
    }

    /// Queues `replies` for the next requests to `token`, after any still queued.
    public func script(token: String, _ replies: [MockAPNSReply]) {
        responder.script.append(replies, for: token)
    }

    /// Every request so far, in arrival order.
    public func requests() async -> [MockAPNSRequest] {
        responder.log.entries
    }

    /// The requests so far to `token`.
    public func requests(for token: String) async -> [MockAPNSRequest] {
        responder.log.entries.filter { $0.deviceToken == token }
    }

    /// The different provider tokens sent so far.
    public func distinctJWTs() async -> Set<String> {
        Set(responder.log.entries.compactMap(\.jwt))
    }

    /// Every request, once at least `count` have arrived; throws
    /// ``MockServerError/timedOut(server:expected:received:timeout:)`` when `timeout` passes first.
    public func waitForRequests(count: Int, timeout: Duration = .seconds(10)) async throws -> [MockAPNSRequest] {
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

    /// The number of TCP connections open now.
    public func openConnectionCount() async -> Int {
        server.openConnectionCount
    }

    /// Stops answering anything (requests, PINGs) on the connections open now, without closing
    /// them, as when a NAT forgets an idle connection. New connections are answered as before.
    public func stopAnsweringOpenConnections() {
        server.freezeConnections()
    }
}
