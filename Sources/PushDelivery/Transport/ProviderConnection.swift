public import Logging
import AlarmCore
import NIOCore
public import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The HTTP/2 client of one push provider: one TLS connection per origin (ALPN `h2`; `http://`
/// speaks HTTP/2 in cleartext, for local test servers and proxies), many concurrent streams on
/// it, and a deadline on every request. Web Push may also fall back to HTTP/1.1 and checks the
/// addresses it connects to (`allowsHTTP1`, `addressPolicy`).
///
/// ``recycle(generation:)`` replaces the connections with fresh ones, for the replies and
/// failures after which a provider wants a new connection (APNs 500/503, `IdleTimeout`, a stream
/// that never answered). Requests already running on an old connection finish there; it closes
/// once they have. A connection the server closed or sent GOAWAY on is replaced by the next
/// request. A connection that does not answer a keep-alive PING (``ProviderKeepAlive``) is
/// closed and replaced at once, so that the next notification does not wait for a dead one.
public final class ProviderConnection: Sendable {
    /// The most of a reply body that is read; providers' error bodies are far smaller.
    public static let replyBodyLimit = HTTP2ExchangeHandler.replyBodyLimit

    private let tls: NIOSSLContext
    private let connectTimeout: Duration
    private let keepAlive: ProviderKeepAlive
    private let eventLoopGroup: any EventLoopGroup
    private let addressPolicy: EndpointAddressPolicy?
    private let allowsHTTP1: Bool
    private let state = Mutex(State())
    private let logger: Logger

    private struct State {
        var generation = 0
        var attempts = 0
        var origins: [ProviderURL.Origin: Entry] = [:]
        var isShutDown = false
    }

    /// What the pool has for an origin: an attempt to wait for, or a connection.
    private enum Entry {
        case connecting(Task<OriginConnection, any Error>, attempt: Int)
        case ready(OriginConnection)

        /// Whether a request may use it: an attempt, or a connection that still takes requests.
        var isUsable: Bool {
            if case .ready(let connection) = self { connection.isUsable } else { true }
        }
    }

    /// A connection using `tls`, connecting within `connectTimeout`, checking quiet connections
    /// as `keepAlive` says. With an `addressPolicy`, every address of an origin's host is
    /// checked against it before connecting (``PushTransportError/Code/refusedEndpoint`` when
    /// one is refused), and the connection goes to a checked address. With `allowsHTTP1`, TLS
    /// offers `http/1.1` after `h2`, and a server that chooses it gets one request at a time.
    public init(
        tls: ProviderTLS, connectTimeout: Duration = .seconds(10), keepAlive: ProviderKeepAlive = ProviderKeepAlive(),
        addressPolicy: EndpointAddressPolicy? = nil, allowsHTTP1: Bool = false, logger: Logger
    ) throws(PushTransportError) {
        var configuration = try tls.clientConfiguration()
        configuration.applicationProtocols = allowsHTTP1 ? ["h2", "http/1.1"] : ["h2"]
        do {
            self.tls = try NIOSSLContext(configuration: configuration)
        } catch {
            throw PushTransportError(code: .unreadableTLSFile, message: "cannot set up TLS: \(error)")
        }
        self.connectTimeout = connectTimeout
        self.keepAlive = keepAlive
        self.eventLoopGroup = MultiThreadedEventLoopGroup.singleton
        self.addressPolicy = addressPolicy
        self.allowsHTTP1 = allowsHTTP1
        self.logger = logger
    }

    /// Sends one request and reads its whole reply before `timeout` runs out.
    ///
    /// - Returns: The reply.
    /// - Throws: ``PushTransportError`` when no reply came: ``PushTransportError/Code/timedOut``,
    ///   ``PushTransportError/Code/connectionFailed``, ``PushTransportError/Code/cancelled``,
    ///   ``PushTransportError/Code/shutDown`` or ``PushTransportError/Code/invalidEndpoint``
    ///   (call ``currentGeneration`` before sending to recycle after a failure).
    public func send(
        method: HTTPMethod, url: String, headerFields: [(name: String, value: String)], body: [UInt8],
        timeout: Duration
    ) async throws(PushTransportError) -> ProviderReply {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let target = try ProviderURL(url)
        let connection = try await connection(to: target.origin)
        return try await connection.send(
            method: method.rawValue, url: target, headerFields: headerFields, body: body, deadline: deadline)
    }

    /// The generation of the connections that the next requests will use.
    public var currentGeneration: Int {
        state.withLock { $0.generation }
    }

    /// Opens fresh connections for later requests, if `generation` is still the current one (so
    /// that many failures on one connection replace it once). The old connections close when
    /// their requests have finished.
    public func recycle(generation: Int) {
        let retired: [OriginConnection]? = state.withLock { state in
            guard !state.isShutDown, state.generation == generation else { return nil }
            state.generation += 1
            defer { state.origins = [:] }
            return state.origins.values.compactMap { if case .ready(let connection) = $0 { connection } else { nil } }
        }
        guard let retired else { return }
        logger.info("opening a fresh provider connection", metadata: ["generation": "\(generation + 1)"])
        for connection in retired { connection.retire() }
    }

    /// Opens a fresh connection to `origin` in place of one that did not answer a PING, before
    /// a request needs it.
    private func replaceDead(_ origin: ProviderURL.Origin) {
        logger.warning("provider connection did not answer a PING: replaced", metadata: ["origin": "\(origin)"])
        Task {
            do {
                _ = try await connection(to: origin)
            } catch {
                logger.info("no fresh provider connection yet: the next request tries again", metadata: [
                    "origin": "\(origin)", "error": "\(error)",
                ])
            }
        }
    }

    /// Closes every connection: requests still running fail.
    public func shutdown() async {
        let entries: [Entry] = state.withLock { state in
            state.isShutDown = true
            defer { state.origins = [:] }
            return Array(state.origins.values)
        }
        for entry in entries {
            switch entry {
            case .ready(let connection): connection.close()
            case .connecting(let task, _): (try? await task.value)?.close()
            }
        }
    }

    /// The usable connection to `origin`, connecting when there is none; concurrent requests
    /// share one connection attempt.
    private func connection(to origin: ProviderURL.Origin) async throws(PushTransportError) -> OriginConnection {
        let entry = try state.withLock { state throws(PushTransportError) -> Entry in
            guard !state.isShutDown else {
                throw PushTransportError(code: .shutDown, message: "the provider connection is shut down")
            }
            switch state.origins[origin] {
            case .some(let entry) where entry.isUsable:
                return entry
            default:
                state.attempts += 1
                let task = Task {
                    [tls, connectTimeout, keepAlive, eventLoopGroup, addressPolicy, allowsHTTP1] () async throws -> OriginConnection in
                    var address: SocketAddress?
                    if let addressPolicy { address = try await Self.checkedAddress(of: origin, policy: addressPolicy) }
                    return try await OriginConnection.connect(
                        to: origin, address: address, tls: tls, allowsHTTP1: allowsHTTP1, connectTimeout: connectTimeout,
                        keepAlive: keepAlive,
                        eventLoopGroup: eventLoopGroup, pingUnanswered: { [weak self] in self?.replaceDead(origin) })
                }
                state.origins[origin] = .connecting(task, attempt: state.attempts)
                return .connecting(task, attempt: state.attempts)
            }
        }
        switch entry {
        case .ready(let connection):
            return connection
        case .connecting(let task, let attempt):
            return try await connected(to: origin, by: task, attempt: attempt)
        }
    }

    /// Waits for a connection attempt and stores its connection; a connection that a recycle or
    /// a shutdown overtook is retired (requests others already sent on it finish) and the
    /// request starts again.
    private func connected(
        to origin: ProviderURL.Origin, by task: Task<OriginConnection, any Error>, attempt: Int
    ) async throws(PushTransportError) -> OriginConnection {
        let connection: OriginConnection
        do {
            connection = try await task.value
        } catch {
            state.withLock { state in
                if case .connecting(_, attempt) = state.origins[origin] { state.origins[origin] = nil }
            }
            throw error as? PushTransportError
                ?? PushTransportError(code: .connectionFailed, message: "cannot connect to \(origin): \(error)")
        }
        let isCurrent = state.withLock { state in
            switch state.origins[origin] {
            case .connecting(_, attempt):
                state.origins[origin] = .ready(connection)
                return true
            case .ready(let stored):
                return stored === connection
            default:
                return false
            }
        }
        guard isCurrent else {
            connection.retire()
            return try await self.connection(to: origin)
        }
        return connection
    }

    /// The first address of `origin`'s host, once every one of them has passed `policy`.
    private static func checkedAddress(of origin: ProviderURL.Origin, policy: EndpointAddressPolicy)
        async throws(PushTransportError) -> SocketAddress
    {
        let addresses = try await HostResolver.addresses(of: origin.host, port: origin.port)
        guard let first = addresses.first else {
            throw PushTransportError(code: .connectionFailed, message: "\(origin) has no address")
        }
        for address in addresses {
            guard let text = address.ipAddress, let ip = IPAddress(text) else {
                throw PushTransportError(
                    code: .refusedEndpoint, message: "\(origin.audience) resolves to an address that cannot be checked")
            }
            if let kind = policy.refusal(of: ip) {
                throw PushTransportError(
                    code: .refusedEndpoint,
                    message: "\(origin.audience) resolves to \(ip), \(kind): only public addresses are allowed")
            }
        }
        return first
    }
}
