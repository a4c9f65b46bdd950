import Foundation
import Hummingbird
import HummingbirdHTTP2
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// An HTTPS server on 127.0.0.1 at a port the system picks: HTTP/2, or HTTP/1.1 when ALPN
/// settles on it (or always, when so started), passing every request to one handler.
final class MockHTTPServer: Sendable {
    /// The largest request body read; the mocks check the real limits, which are far lower.
    private static let maximumBodySize = 1 << 20
    /// How long ``stop()`` lets open requests finish before it cuts them off.
    private static let gracePeriod = Duration.seconds(5)

    /// The port it listens on.
    let port: Int
    private let serverChannel: any Channel
    private let connections: ConnectionTracker
    private let heldRequests: HeldRequests
    private let running: Task<Void, Never>
    /// The outage the server plays, if any: it answers before the handler.
    let outage: OutageSwitch

    private init(
        port: Int, serverChannel: any Channel, connections: ConnectionTracker, heldRequests: HeldRequests,
        running: Task<Void, Never>, outage: OutageSwitch
    ) {
        self.port = port
        self.serverChannel = serverChannel
        self.connections = connections
        self.heldRequests = heldRequests
        self.running = running
        self.outage = outage
    }

    /// Starts a server named `name` (in logs and errors) and returns once it listens; with
    /// `http1Only` it speaks HTTP/1.1 alone (ALPN offers only `http/1.1`).
    static func start(
        name: String, tls: TLSConfiguration, http1Only: Bool = false,
        handler: @escaping @Sendable (MockHTTPRequest) async -> MockHTTPAnswer
    ) async throws -> MockHTTPServer {
        let connections = ConnectionTracker()
        let heldRequests = HeldRequests()
        let outage = OutageSwitch()
        let responder = CallbackResponder { (request: Request, context: MockRequestContext) in
            var request = request
            let body = try await request.collectBody(upTo: maximumBodySize)
            let answer: MockHTTPAnswer
            if let failure = outage.answer() {
                answer = failure
            } else {
                answer = await handler(
                    MockHTTPRequest(
                        method: request.method.rawValue,
                        path: request.uri.path,
                        headerFields: request.headers.map { ($0.name.canonicalName, $0.value) },
                        body: Array(body.readableBytesView),
                        httpVersion: connections.isConnection(context.channel) ? "1.1" : "2",
                        serverPort: context.channel.localAddress?.port ?? 0,
                        receivedAt: Date()
                    ))
            }
            switch answer {
            case .respond(let response):
                return Response(response)
            case .respondAfter(let delay, let response):
                try await heldRequests.wait(context.channel, for: delay)
                return Response(response)
            case .hang:
                try await heldRequests.holdForever(context.channel)
            case .goAway(let response):
                // As APNs does: the reply, then GOAWAY. Quiescing before the reply is written
                // lets Hummingbird close the connection with the request unanswered.
                let connection = context.channel.parent ?? context.channel
                return Response(response) {
                    connection.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
                }
            }
        }

        let (listening, announce) = AsyncStream<any Channel>.makeStream()
        var logger = Logger(label: "PushMocks.\(name)")
        logger.logLevel = .critical
        let application = Application(
            responder: responder,
            server: try http1Only ? .tls(.http1(), tlsConfiguration: Self.http1(tls)) : .http2Upgrade(tlsConfiguration: tls),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                do {
                    try await channel.pipeline.addHandler(
                        AcceptedConnectionHandler(tracker: connections), position: .first
                    ).get()
                    announce.yield(channel)
                } catch {
                    channel.close(promise: nil)
                }
                announce.finish()
            },
            logger: logger
        )
        let running = Task {
            try? await application.run()
            announce.finish()
        }

        var announcements = listening.makeAsyncIterator()
        guard let channel = await announcements.next(), let port = channel.localAddress?.port else {
            running.cancel()
            await running.value
            throw MockServerError.didNotStart(server: name)
        }
        return MockHTTPServer(
            port: port, serverChannel: channel, connections: connections, heldRequests: heldRequests,
            running: running, outage: outage)
    }

    /// `tls` offering only `http/1.1` in ALPN.
    private static func http1(_ tls: TLSConfiguration) -> TLSConfiguration {
        var tls = tls
        tls.applicationProtocols = ["http/1.1"]
        return tls
    }

    /// `https://127.0.0.1:<port>`.
    var baseURL: String { Self.baseURL(port: port) }

    /// The URL of a mock server listening on `port`.
    static func baseURL(port: Int) -> String { "https://127.0.0.1:\(port)" }

    /// The number of TCP connections accepted so far.
    var connectionCount: Int { connections.acceptedCount }

    /// The number of TCP connections open now.
    var openConnectionCount: Int { connections.openCount }

    /// Stops answering on the open connections, without closing them (``ConnectionTracker/freezeAll()``).
    func freezeConnections() {
        connections.freezeAll()
    }

    /// Stops listening, lets held requests go, asks the open connections to finish and close,
    /// and returns once they have; after ``gracePeriod`` it cancels what is left.
    func stop() async {
        heldRequests.releaseAll()
        connections.closeFrozen()
        serverChannel.close(promise: nil)
        connections.quiesceAll()
        let running = running
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await running.value }
            group.addTask { try? await Task.sleep(for: Self.gracePeriod) }
            await group.next()
            running.cancel()
            group.cancelAll()
        }
    }
}

extension Response {
    /// The Hummingbird response for `response`; `afterWriting` runs once it is all written.
    fileprivate init(_ response: MockHTTPResponse, afterWriting: (@Sendable () -> Void)? = nil) {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: name, value: value)) }
        }
        let body = ByteBuffer(bytes: response.body)
        self.init(
            status: HTTPResponse.Status(code: response.status), headers: fields,
            body: afterWriting.map { afterWriting in
                ResponseBody(contentLength: body.readableBytes) { writer in
                    try await writer.write(body)
                    try await writer.finish(nil)
                    afterWriting()
                }
            } ?? ResponseBody(byteBuffer: body))
    }
}
