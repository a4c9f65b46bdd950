public import Logging
public import NIOCore
import NIOPosix

/// An MQTT 3.1.1 client over TCP that keeps one session across connections.
///
/// ``connect()`` waits for the first CONNACK and throws the refusal (a typed ``MQTTError``) or
/// the connection's failure. From then on the client reconnects by itself whenever the
/// connection is lost, forever, waiting ``MQTTClientConfiguration/backoff`` between attempts;
/// with a persistent session (clean session false) the broker keeps the subscriptions, and QoS 1
/// messages not acknowledged are sent again, so they survive a broker restart. ``close()`` ends it.
///
/// Every method may be called from any task; the work happens on one event loop. The password
/// appears in no log and no error.
public final class MQTTClient: Sendable {
    /// Messages arriving on the subscribed topics, in order, until the client is closed. One
    /// consumer; a QoS 1 message is acknowledged to the broker when it arrives.
    public let messages: AsyncStream<PublishPacket>
    /// Each connection accepted and each lost, in order, until the client is closed. One consumer;
    /// the first element is the connection ``connect()`` waited for.
    public let connectionEvents: AsyncStream<MQTTConnectionEvent>

    private let eventLoop: any EventLoop
    private let history = SharedConnectionHistory()
    private let driver: NIOLoopBoundBox<MQTTSessionDriver>

    /// A client on `eventLoop` (by default one of NIO's shared loops); call ``connect()`` next.
    public init(
        configuration: MQTTClientConfiguration,
        eventLoop: (any EventLoop)? = nil,
        logger: Logger
    ) {
        let eventLoop = eventLoop ?? MultiThreadedEventLoopGroup.singleton.next()
        let (messages, continuation) = AsyncStream.makeStream(of: PublishPacket.self)
        let (connectionEvents, eventContinuation) = AsyncStream.makeStream(of: MQTTConnectionEvent.self)
        self.messages = messages
        self.connectionEvents = connectionEvents
        self.eventLoop = eventLoop
        driver = NIOLoopBoundBox.makeBoxSendingValue(
            MQTTSessionDriver(
                configuration: configuration, eventLoop: eventLoop, logger: logger, incoming: continuation,
                connectionEvents: eventContinuation, history: history),
            eventLoop: eventLoop)
    }

    /// Connects and waits for the broker's CONNACK. Throws an ``MQTTError`` for a refusal
    /// (``MQTTError/Code/notAuthorized`` for a wrong password with mosquitto) or a timeout, or
    /// the network error; the client is then closed. Call once.
    public func connect() async throws {
        try await onLoop(Void.self) { driver, promise in driver.start(promise) }
    }

    /// Publishes `message`. QoS 0 returns once written to the connection; QoS 1 once the broker
    /// acknowledged it, however many reconnects that takes. Throws ``MQTTError/Code/queueFull``
    /// when too many messages wait, ``MQTTError/Code/closed`` if the client closes first.
    public func publish(_ message: MQTTMessage) async throws {
        try await onLoop(Void.self) { driver, promise in driver.publish(message, promise) }
    }

    /// Queues `messages` for publishing at once, in order, behind those of earlier calls, without
    /// waiting: the order of the calls is the order on the wire, whichever task makes them. The
    /// future succeeds when every one is acknowledged (QoS 1) or written (QoS 0), and fails as
    /// ``publish(_:)`` throws.
    public func enqueue(_ messages: [MQTTMessage]) -> EventLoopFuture<Void> {
        let promises = messages.map { _ in eventLoop.makePromise(of: Void.self) }
        eventLoop.execute {
            for (message, promise) in zip(messages, promises) { self.driver.value.publish(message, promise) }
        }
        return EventLoopFuture.andAllSucceed(promises.map(\.futureResult), on: eventLoop)
    }

    /// Subscribes and returns the broker's answer for each subscription, in order
    /// (``SubscribeResult/failure`` where the broker refused one, e.g. by its ACL). The
    /// subscriptions are renewed after every reconnect the broker did not keep them through.
    public func subscribe(_ subscriptions: [Subscription]) async throws -> [SubscribeResult] {
        try await onLoop([SubscribeResult].self) { driver, promise in driver.subscribe(subscriptions, promise) }
    }

    /// When the current connection was accepted and the one before lost, as of now. Recorded
    /// before any message of a new connection reaches ``messages``.
    public var connectionHistory: MQTTConnectionHistory { history.current }

    /// Acknowledges `message`, a QoS 1 message from ``messages``, when the session was configured
    /// not to acknowledge on arrival (``MQTTSessionConfiguration/acknowledgesOnArrival``). A
    /// message that arrived on an earlier connection is not acknowledged: the broker sends it
    /// again (DUP set). Nothing happens for QoS 0.
    public func acknowledge(_ message: PublishPacket) {
        guard message.qos == .atLeastOnce else { return }
        eventLoop.execute { self.driver.value.acknowledge(message) }
    }

    /// How many published messages wait to be sent or acknowledged (QoS 0 ones not yet written).
    public func unacknowledgedCount() async -> Int {
        (try? await onLoop(Int.self) { driver, promise in promise.succeed(driver.unacknowledgedCount) }) ?? 0
    }

    /// Sends DISCONNECT (the broker then discards the will) and closes; what still waits fails
    /// with ``MQTTError/Code/closed`` and ``messages`` ends.
    public func close() async {
        try? await onLoop(Void.self) { driver, promise in driver.stop(promise) }
    }

    private func onLoop<Value: Sendable>(
        _: Value.Type, _ body: @escaping @Sendable (MQTTSessionDriver, EventLoopPromise<Value>) -> Void
    ) async throws -> Value {
        let promise = eventLoop.makePromise(of: Value.self)
        eventLoop.execute { body(self.driver.value, promise) }
        return try await promise.futureResult.get()
    }
}
