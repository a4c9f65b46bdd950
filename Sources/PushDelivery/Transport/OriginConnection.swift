import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// One connection to a provider's origin: HTTP/2, carrying many requests at once as streams,
/// or, where allowed and the server offers nothing better, HTTP/1.1, one request at a time
/// (``HTTP1ExchangeHandler``).
///
/// It stops taking requests after GOAWAY, a connection failure, an unanswered PING or
/// ``retire()``; requests still running finish (but not after an unanswered PING), and a retired
/// connection, or one that got GOAWAY, closes when its last one has.
final class OriginConnection: Sendable {
    let origin: ProviderURL.Origin
    private let channel: any Channel
    private let usage: Usage

    /// The settings sent to the server: no server push, a stream window larger than any reply
    /// that is read (replies are cut off at ``HTTP2ExchangeHandler/replyBodyLimit``).
    private static let settings: HTTP2Settings = [
        HTTP2Setting(parameter: .enablePush, value: 0),
        HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
        HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
    ]

    private init(origin: ProviderURL.Origin, channel: any Channel, usage: Usage) {
        self.origin = origin
        self.channel = channel
        self.usage = usage
    }

    /// Connects to `origin` (TLS with `tls` for `https`) and returns once the connection can
    /// carry requests. `pingUnanswered` is called if an HTTP/2 connection later dies silently
    /// (``ProviderKeepAlive``).
    ///
    /// - Parameters:
    ///   - address: Where the connection goes instead of `origin`'s host name, which then only
    ///     names the server for TLS.
    ///   - allowsHTTP1: Whether `tls` offers `http/1.1` besides `h2` (ALPN): the connection then
    ///     speaks what the server chose. Otherwise a server that does not agree to `h2` is refused.
    static func connect(
        to origin: ProviderURL.Origin, address: SocketAddress? = nil, tls: NIOSSLContext?, allowsHTTP1: Bool = false,
        connectTimeout: Duration, keepAlive: ProviderKeepAlive, eventLoopGroup: any EventLoopGroup,
        pingUnanswered: @escaping @Sendable () -> Void
    ) async throws(PushTransportError) -> OriginConnection {
        let usage = Usage()
        let eventLoop = eventLoopGroup.next()
        let ready = eventLoop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if origin.isSecure, let tls {
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: origin.hostIsAddress ? nil : origin.host))
                    }
                    let http2 = { (pipeline: ChannelPipeline.SynchronousOperations) throws in
                        try pipeline.addHandler(NIOHTTP2Handler(mode: .client, initialSettings: settings))
                        try pipeline.addHandler(
                            HTTP2ExchangeHandler(
                                origin: origin, ready: ready, keepAlive: keepAlive,
                                goingAway: { usage.stopTakingRequests() }, pingUnanswered: pingUnanswered))
                    }
                    guard allowsHTTP1, origin.isSecure else { return try http2(pipeline) }
                    try pipeline.addHandler(
                        ProtocolNegotiation(http2: http2) { pipeline in
                            try pipeline.addHTTPClientHandlers()
                            try pipeline.addHandler(
                                HTTP1ExchangeHandler(origin: origin, ready: ready, goingAway: { usage.stopTakingRequests() }))
                        })
                }
            }
        let channel: any Channel
        do {
            channel =
                if let address {
                    try await bootstrap.connect(to: address).get()
                } else {
                    try await bootstrap.connect(host: origin.host, port: origin.port).get()
                }
            // A server that takes the connection but never finishes TLS must not hold requests forever.
            let handshakeTimeout = channel.eventLoop.scheduleTask(in: TimeAmount(connectTimeout)) {
                ready.fail(PushTransportError(code: .timedOut, message: "no TLS handshake with \(origin) in time"))
                channel.close(promise: nil)
            }
            defer { handshakeTimeout.cancel() }
            try await ready.futureResult.get()
        } catch {
            ready.fail(error)
            throw PushTransportError(code: .connectionFailed, message: "cannot connect to \(origin): \(Self.describe(error))")
        }
        return OriginConnection(origin: origin, channel: channel, usage: usage)
    }

    /// Whether new requests may go on this connection.
    var isUsable: Bool {
        usage.takesRequests && channel.isActive
    }

    /// Sends one request and waits for its whole reply, at most until `deadline`.
    func send(
        method: String, url: ProviderURL, headerFields: [(name: String, value: String)], body: [UInt8],
        deadline: NIODeadline
    ) async throws(PushTransportError) -> ProviderReply {
        usage.started()
        defer { if usage.finished() { close() } }
        let reply = channel.eventLoop.makePromise(of: ProviderReply.self)
        let exchange = ProviderExchange(
            method: method, url: url, headerFields: headerFields, body: body, deadline: deadline, reply: reply)
        channel.writeAndFlush(exchange).whenFailure { [origin] error in
            reply.fail(PushTransportError(code: .connectionFailed, message: "cannot send to \(origin): \(error)"))
        }
        do {
            return try await withTaskCancellationHandler {
                try await reply.futureResult.get()
            } onCancel: { [origin] in
                reply.fail(PushTransportError(code: .cancelled, message: "request to \(origin) cancelled"))
            }
        } catch let error as PushTransportError {
            throw error
        } catch {
            throw PushTransportError(code: .connectionFailed, message: "request to \(origin) failed: \(error)")
        }
    }

    /// Takes no more requests; closes once the running ones have finished.
    func retire() {
        if usage.retire() { close() }
    }

    /// Closes now: running requests fail.
    func close() {
        channel.close(promise: nil)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? PushTransportError { return error.message }
        if let error = error as? NIOSSLError { return "TLS failed: \(error)" }
        if let error = error as? BoringSSLError { return "TLS failed: \(error)" }
        return "\(error)"
    }
}

/// Whether a connection takes requests, and how many it is running: shared with its handler,
/// which may see GOAWAY before the connection is handed out.
private final class Usage: Sendable {
    private let state = Mutex<(takesRequests: Bool, isRetired: Bool, inFlight: Int)>((true, false, 0))

    var takesRequests: Bool { state.withLock { $0.takesRequests } }

    func stopTakingRequests() {
        state.withLock { $0.takesRequests = false }
    }

    func started() {
        state.withLock { $0.inFlight += 1 }
    }

    /// Counts a finished request; true when the connection is retired and now idle.
    func finished() -> Bool {
        state.withLock { state in
            state.inFlight -= 1
            return state.isRetired && state.inFlight == 0
        }
    }

    /// Retires the connection; true when it is idle already.
    func retire() -> Bool {
        state.withLock { state in
            state.takesRequests = false
            state.isRetired = true
            return state.inFlight == 0
        }
    }
}
