/// A stand-in for a Web Push service (RFC 8030): HTTPS on 127.0.0.1 with a certificate from the
/// test CA, HTTP/2 and HTTP/1.1 (or HTTP/1.1 alone), checking each request as push services do
/// (the VAPID JWT's signature with the configured public key, `aud` its origin, `exp` within
/// 24 hours; `TTL`, `Urgency`, `Topic`, `Content-Encoding: aes128gcm`), then answering as
/// scripted per subscription (201 when nothing is scripted). It records every request.
public final class MockWebPushServer: Sendable {
    private let server: MockHTTPServer
    private let responder: WebPushResponder

    private init(server: MockHTTPServer, responder: WebPushResponder) {
        self.server = server
        self.responder = responder
    }

    /// Starts a service whose subscriptions were made with the VAPID public key `vapidPublicKey`
    /// (base64url), with a certificate from `authority`; `http1Only`: it speaks HTTP/1.1 alone.
    public static func start(
        authority: TestCertificateAuthority, vapidPublicKey: String, http1Only: Bool = false
    ) async throws -> MockWebPushServer {
        let responder = WebPushResponder(check: WebPushRequestCheck(publicKey: vapidPublicKey))
        let server = try await MockHTTPServer.start(
            name: "mock push service", tls: try authority.serverTLSConfiguration(), http1Only: http1Only,
            handler: responder.answer)
        return MockWebPushServer(server: server, responder: responder)
    }

    /// The port it listens on.
    public var port: Int { server.port }

    /// `https://127.0.0.1:<port>`: the origin, and the `aud` tokens must name.
    public var baseURL: String { server.baseURL }

    /// The endpoint URL of the subscription `subscription`: `<baseURL>/push/<subscription>`.
    public func endpoint(_ subscription: String) -> String {
        baseURL + WebPushResponder.path(of: subscription)
    }

    /// Stops the server; requests left hanging are cut off.
    public func stop() async {
        await server.stop()
    }

    /// Queues `replies` for the next requests to `subscription`, after any still queued.
    public func script(_ subscription: String, _ replies: [MockWebPushReply]) {
        responder.script.append(replies, for: subscription)
    }

    /// Every request so far, in arrival order.
    public func requests() async -> [MockWebPushRequest] {
        responder.log.entries
    }

    /// Every request, once at least `count` have arrived; throws
    /// ``MockServerError/timedOut(server:expected:received:timeout:)`` when `timeout` passes first.
    public func waitForRequests(count: Int, timeout: Duration = .seconds(10)) async throws -> [MockWebPushRequest] {
        try await responder.log.wait(count: count, timeout: timeout)
    }

    /// The number of TCP connections accepted so far.
    public func connectionCount() async -> Int {
        server.connectionCount
    }
}
