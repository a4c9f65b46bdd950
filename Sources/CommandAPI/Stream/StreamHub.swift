import HTTPTypes
import Logging
import ServiceLifecycle
import Synchronization

/// The fan-out, inside the process, from the event and push-report ingest to the open
/// `GET /v1/stream` responses.
///
/// Publishing never waits: each stream has a bounded buffer (``StreamSettings/bufferSize`` messages),
/// and a stream whose client reads too slowly to keep it from filling is ended rather than
/// waited for; its client reconnects with `Last-Event-ID` and gets what it missed from the store.
/// At most ``StreamSettings/perTokenLimit`` streams are open per token. On graceful shutdown every
/// stream ends, so that the HTTP server's shutdown does not wait for them; list the hub after the
/// server, so that it stops first.
final class StreamHub: Service, Sendable {
    private struct Subscriber {
        let tokenName: String
        let continuation: AsyncStream<StreamMessage>.Continuation
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var closed = false
    }

    let settings: StreamSettings
    private let logger: Logger
    private let state = Mutex(State())

    init(settings: StreamSettings = StreamSettings(), logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// Opens a stream for the token `tokenName`.
    ///
    /// - Throws: ``APIError`` 429 when the token has ``StreamSettings/perTokenLimit`` streams open,
    ///   503 once the server is shutting down.
    func subscribe(tokenName: String) throws(APIError) -> StreamSubscription {
        let (messages, continuation) = AsyncStream.makeStream(
            of: StreamMessage.self, bufferingPolicy: .bufferingOldest(settings.bufferSize))
        let limit = settings.perTokenLimit
        let id: Int = try state.withLock { (state: inout State) throws(APIError) -> Int in
            guard !state.closed else { throw APIError(.serviceUnavailable, "the server is shutting down; reconnect later") }
            guard state.subscribers.values.count(where: { $0.tokenName == tokenName }) < limit else {
                throw APIError(
                    .tooManyRequests,
                    "the token \(tokenName) has \(limit) streams open already; close one (or another device's) first")
            }
            state.nextID += 1
            state.subscribers[state.nextID] = Subscriber(tokenName: tokenName, continuation: continuation)
            return state.nextID
        }
        return StreamSubscription(id: id, hub: self, messages: messages, continuation: continuation)
    }

    /// Whether any stream is open: the ingest skips encoding frames for nobody.
    var hasSubscribers: Bool { state.withLock { !$0.subscribers.isEmpty } }

    /// How many streams are open.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Hands `message` to every open stream, without waiting.
    func publish(_ message: StreamMessage) {
        let subscribers = state.withLock { $0.subscribers }
        for (id, subscriber) in subscribers {
            deliver(message, to: id, subscriber.continuation)
        }
    }

    /// Ends every open stream; their clients reconnect with `Last-Event-ID`. For when the hub
    /// cannot tell them what happened (the state could not be read).
    func endAll() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return state.subscribers
        }
        for subscriber in subscribers.values { subscriber.continuation.finish() }
    }

    /// Waits for graceful shutdown, then ends every stream and refuses new ones.
    func run() async throws {
        try? await gracefulShutdown()
        state.withLock { $0.closed = true }
        endAll()
    }

    /// Yields `message` to one stream; ends the stream when its buffer is full.
    func deliver(_ message: StreamMessage, to id: Int, _ continuation: AsyncStream<StreamMessage>.Continuation) {
        switch continuation.yield(message) {
        case .enqueued:
            return
        case .dropped:
            let tokenName = remove(id)
            continuation.finish()
            logger.notice("stream client too slow: its stream ended; it resumes with Last-Event-ID", metadata: [
                "token": "\(tokenName ?? "-")", "buffered": "\(settings.bufferSize)",
            ])
        case .terminated:
            remove(id)
        @unknown default:
            remove(id)
        }
    }

    /// Forgets the stream `id`; returns its token's name if it was open.
    @discardableResult
    func remove(_ id: Int) -> String? {
        state.withLock { $0.subscribers.removeValue(forKey: id)?.tokenName }
    }
}

/// One open stream's messages. Releasing it closes the stream and frees its place in the
/// token's limit.
final class StreamSubscription: Sendable {
    let id: Int
    let hub: StreamHub
    let messages: AsyncStream<StreamMessage>
    private let continuation: AsyncStream<StreamMessage>.Continuation

    fileprivate init(id: Int, hub: StreamHub, messages: AsyncStream<StreamMessage>, continuation: AsyncStream<StreamMessage>.Continuation) {
        self.id = id
        self.hub = hub
        self.messages = messages
        self.continuation = continuation
    }

    /// Asks for a keepalive comment, in order with the other messages.
    func keepalive() {
        hub.deliver(.keepalive, to: id, continuation)
    }

    /// Ends the stream (after the messages it holds).
    func end() {
        hub.remove(id)
        continuation.finish()
    }

    deinit {
        hub.remove(id)
        continuation.finish()
    }
}
