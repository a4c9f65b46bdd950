import Logging
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// One HTTP/2 connection to a provider's origin, carrying many requests at once as streams.
///
/// It stops taking requests after GOAWAY, a connection failure or ``retire()``; requests still
/// running finish, and a retired connection closes when its last one has.
final class HTTP2ClientConnection: Sendable {
    let origin: ProviderURL.Origin
    private let channel: any Channel
    private let state: Mutex<State>

    private struct State {
        var isUsable = true
        var isRetired = false
        var inFlight = 0
    }

    /// The settings sent to the server: no server push, a stream window larger than any reply
    /// that is read (replies are cut off at ``HTTP2ExchangeHandler/replyBodyLimit``).
    private static let settings: HTTP2Settings = [
        HTTP2Setting(parameter: .enablePush, value: 0),
        HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
        HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
    ]

    private init(origin: ProviderURL.Origin, channel: any Channel) {
        self.origin = origin
        self.channel = channel
        self.state = Mutex(State())
    }

    /// Connects to `origin` (TLS with `tls` for `https`, offering only `h2`) and returns once
    /// the connection can carry requests.
    static func connect(
        to origin: ProviderURL.Origin, tls: NIOSSLContext?, connectTimeout: Duration, eventLoopGroup: any EventLoopGroup
    ) async throws(PushTransportError) -> HTTP2ClientConnection {
        let usable = UsableFlag()
        let eventLoop = eventLoopGroup.next()
        let ready = eventLoop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(.nanoseconds(Int64(connectTimeout.inSeconds * 1e9)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if origin.isSecure, let tls {
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: origin.hostIsAddress ? nil : origin.host))
                    }
                    try pipeline.addHandler(NIOHTTP2Handler(mode: .client, initialSettings: settings))
                    try pipeline.addHandler(
                        HTTP2ExchangeHandler(origin: origin, ready: ready, goingAway: { usable.clear() }))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: origin.host, port: origin.port).get()
            // A server that takes the connection but never finishes TLS must not hold requests forever.
            let handshakeTimeout = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(connectTimeout.inSeconds * 1e9))) {
                ready.fail(PushTransportError(code: .timedOut, message: "no TLS handshake with \(origin) in time"))
                channel.close(promise: nil)
            }
            defer { handshakeTimeout.cancel() }
            try await ready.futureResult.get()
        } catch {
            ready.fail(error)
            throw PushTransportError(code: .connectionFailed, message: "cannot connect to \(origin): \(Self.describe(error))")
        }
        let connection = HTTP2ClientConnection(origin: origin, channel: channel)
        usable.attach(connection)
        return connection
    }

    /// Whether new requests may go on this connection.
    var isUsable: Bool {
        state.withLock { $0.isUsable } && channel.isActive
    }

    /// Sends one request and waits for its whole reply, at most until `deadline`.
    func send(
        method: String, url: ProviderURL, headerFields: [(name: String, value: String)], body: [UInt8],
        deadline: NIODeadline
    ) async throws(PushTransportError) -> ProviderReply {
        state.withLock { $0.inFlight += 1 }
        defer { finishedOne() }
        let reply = channel.eventLoop.makePromise(of: ProviderReply.self)
        let exchange = HTTP2Exchange(
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
        let idle = state.withLock { state in
            state.isUsable = false
            state.isRetired = true
            return state.inFlight == 0
        }
        if idle { close() }
    }

    /// Closes now: running requests fail.
    func close() {
        channel.close(promise: nil)
    }

    fileprivate func stopTakingRequests() {
        state.withLock { $0.isUsable = false }
    }

    private func finishedOne() {
        let closeNow = state.withLock { state in
            state.inFlight -= 1
            return state.isRetired && state.inFlight == 0
        }
        if closeNow { close() }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? PushTransportError { return error.message }
        if let error = error as? NIOSSLError { return "TLS failed: \(error)" }
        if let error = error as? BoringSSLError { return "TLS failed: \(error)" }
        return "\(error)"
    }
}

/// The handler's word that the connection stopped taking requests, passed on to the
/// connection once it exists (the server may say so before).
private final class UsableFlag: Sendable {
    private let state = Mutex<(connection: HTTP2ClientConnection?, cleared: Bool)>((nil, false))

    func clear() {
        let connection = state.withLock { state in
            state.cleared = true
            return state.connection
        }
        connection?.stopTakingRequests()
    }

    func attach(_ connection: HTTP2ClientConnection) {
        let cleared = state.withLock { state in
            state.connection = connection
            return state.cleared
        }
        if cleared { connection.stopTakingRequests() }
    }
}
