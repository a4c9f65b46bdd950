import AsyncHTTPClient
public import Logging
import NIOCore
public import NIOHTTP1
import Synchronization

/// The HTTP client of one push provider: HTTP/2 over TLS (ALPN `h2`, HTTP/1.1 for `http://`
/// test endpoints), one connection per host with many concurrent streams, and a deadline on
/// every request.
///
/// ``recycle(generation:)`` replaces the client with a fresh one, for the replies and failures
/// after which a provider wants a new connection (APNs 500/503, `IdleTimeout`, a stream that
/// never answered). Requests already running on the old client finish there; it is shut down
/// once they have.
public final class ProviderConnection: Sendable {
    /// The most of a reply body that is read; providers' error bodies are far smaller.
    public static let replyBodyLimit = 64 * 1024

    private let configuration: HTTPClient.Configuration
    private let state: Mutex<State>
    private let logger: Logger

    private struct State {
        var current: Lease
        var retiring: [Int: Lease] = [:]
        var isShutDown = false
    }

    private struct Lease {
        let client: HTTPClient
        let generation: Int
        var inFlight = 0
    }

    /// A connection using `tls`, connecting within `connectTimeout`.
    public init(tls: ProviderTLS, connectTimeout: Duration = .seconds(10), logger: Logger) throws(PushTransportError) {
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: try tls.clientConfiguration(), redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(connectTimeout.components.seconds)))
        configuration.httpVersion = .automatic
        configuration.decompression = .disabled
        self.configuration = configuration
        self.logger = logger
        state = Mutex(State(current: Lease(client: Self.client(configuration), generation: 0)))
    }

    /// Sends one request and reads its whole reply before `timeout` runs out.
    ///
    /// - Returns: The reply and the generation of the client that carried it, for
    ///   ``recycle(generation:)``.
    /// - Throws: ``PushTransportError`` when no reply came: ``PushTransportError/Code/timedOut``,
    ///   ``PushTransportError/Code/connectionFailed``, ``PushTransportError/Code/cancelled`` or
    ///   ``PushTransportError/Code/shutDown``, with the generation in ``PushTransportError``'s
    ///   message left out (call ``currentGeneration`` before sending to recycle after a failure).
    public func send(
        method: HTTPMethod, url: String, headerFields: [(name: String, value: String)], body: [UInt8],
        timeout: Duration
    ) async throws(PushTransportError) -> ProviderReply {
        let lease = try checkOut()
        defer { checkIn(lease.generation) }
        var request = HTTPClientRequest(url: url)
        request.method = method
        for field in headerFields { request.headers.add(name: field.name, value: field.value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout.inSeconds * 1e9))
        do {
            let response = try await lease.client.execute(request, deadline: deadline)
            let body = try await response.body.collect(upTo: Self.replyBodyLimit)
            return ProviderReply(
                status: Int(response.status.code),
                headerFields: response.headers.map { ProviderReply.HeaderField(name: $0.name, value: $0.value) },
                body: Array(body.readableBytesView))
        } catch {
            throw Self.transportError(error, url: url)
        }
    }

    /// The generation of the client that the next request will use.
    public var currentGeneration: Int {
        state.withLock { $0.current.generation }
    }

    /// Starts a fresh client for later requests, if `generation` is still the current one (so
    /// that many failures on one connection replace it once). The old client is shut down when
    /// its requests have finished.
    public func recycle(generation: Int) {
        let retired: HTTPClient? = state.withLock { state in
            guard !state.isShutDown, state.current.generation == generation else { return nil }
            let old = state.current
            state.current = Lease(client: Self.client(configuration), generation: generation + 1)
            if old.inFlight == 0 { return old.client }
            state.retiring[old.generation] = old
            return nil
        }
        logger.info("opening a fresh provider connection", metadata: ["generation": "\(generation + 1)"])
        if let retired { close(retired) }
    }

    /// Shuts the client down: requests still running fail with ``PushTransportError/Code/shutDown``.
    public func shutdown() async {
        let clients: [HTTPClient] = state.withLock { state in
            state.isShutDown = true
            defer { state.retiring = [:] }
            return [state.current.client] + state.retiring.values.map(\.client)
        }
        for client in clients {
            do {
                try await client.shutdown()
            } catch {
                logger.debug("provider client shutdown failed", metadata: ["error": "\(error)"])
            }
        }
    }

    private func checkOut() throws(PushTransportError) -> Lease {
        try state.withLock { state throws(PushTransportError) in
            guard !state.isShutDown else {
                throw PushTransportError(code: .shutDown, message: "the provider connection is shut down")
            }
            state.current.inFlight += 1
            return state.current
        }
    }

    private func checkIn(_ generation: Int) {
        let retired: HTTPClient? = state.withLock { state in
            if state.current.generation == generation {
                state.current.inFlight -= 1
                return nil
            }
            guard var lease = state.retiring[generation] else { return nil }
            lease.inFlight -= 1
            if lease.inFlight > 0 {
                state.retiring[generation] = lease
                return nil
            }
            state.retiring[generation] = nil
            return lease.client
        }
        if let retired { close(retired) }
    }

    /// Shuts a retired client down without waiting: its last request has finished.
    private func close(_ client: HTTPClient) {
        client.shutdown().whenFailure { [logger] error in
            logger.debug("retired provider client shutdown failed", metadata: ["error": "\(error)"])
        }
    }

    private static func client(_ configuration: HTTPClient.Configuration) -> HTTPClient {
        HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    private static func transportError(_ error: any Error, url: String) -> PushTransportError {
        if error is CancellationError {
            return PushTransportError(code: .cancelled, message: "request to \(url) cancelled")
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout:
                return PushTransportError(code: .timedOut, message: "no reply from \(url) in time (\(error))")
            case .alreadyShutdown:
                return PushTransportError(code: .shutDown, message: "the provider connection is shut down")
            case .cancelled:
                return PushTransportError(code: .cancelled, message: "request to \(url) cancelled")
            case .invalidURL, .emptyHost, .emptyScheme:
                return PushTransportError(code: .invalidEndpoint, message: "\(url) is not a usable URL (\(error))")
            default:
                break
            }
        }
        return PushTransportError(code: .connectionFailed, message: "request to \(url) failed: \(error)")
    }
}
