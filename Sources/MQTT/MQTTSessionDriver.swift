import Beanstalk
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Carries out an ``MQTTSession``'s actions over successive connections, all on one event loop:
/// opens the connections (reconnecting with backoff once the first one was accepted), writes the
/// packets, schedules and cancels the timers, closes, and completes the callers' promises from
/// the session's reports. Every method runs on `eventLoop`.
final class MQTTSessionDriver {
    private enum Phase {
        case idle
        /// Connecting for the first time: a refusal or failure ends the client.
        case starting(EventLoopPromise<Void>)
        case running
        case stopped
    }

    private struct SubscribeWaiter {
        let filters: [TopicFilter]
        var results: [TopicFilter: SubscribeResult] = [:]
        let promise: EventLoopPromise<[SubscribeResult]>
    }

    private let configuration: MQTTClientConfiguration
    private let eventLoop: any EventLoop
    private let logger: Logger
    private let incoming: AsyncStream<PublishPacket>.Continuation
    private let connectionEvents: AsyncStream<MQTTConnectionEvent>.Continuation
    private let history: SharedConnectionHistory
    private var session: MQTTSession
    private var phase = Phase.idle
    private var channel: (any Channel)?
    /// Why the current connection is closing, if the session or the decoder said.
    private var closeReason: (any Error)?
    private var timers: [MQTTSession.Timer: Scheduled<Void>] = [:]
    private var reconnectAttempt = 0
    private var reconnect: Scheduled<Void>?
    /// QoS 1 publishes awaiting their PUBACK, by packet identifier.
    private var acknowledgements: [PacketID: EventLoopPromise<Void>] = [:]
    /// QoS 0 publishes not written yet, in the order the session sends them.
    private var unwrittenAtMostOnce = CircularBuffer<EventLoopPromise<Void>>()
    private var subscribeWaiters: [SubscribeWaiter] = []
    private var stopWaiters: [EventLoopPromise<Void>] = []
    /// Made once, when the client starts, for every connection.
    private var tlsContext: NIOSSLContext?

    init(
        configuration: MQTTClientConfiguration, eventLoop: any EventLoop, logger: Logger,
        incoming: AsyncStream<PublishPacket>.Continuation,
        connectionEvents: AsyncStream<MQTTConnectionEvent>.Continuation, history: SharedConnectionHistory
    ) {
        self.configuration = configuration
        self.eventLoop = eventLoop
        self.logger = logger
        self.incoming = incoming
        self.connectionEvents = connectionEvents
        self.history = history
        session = MQTTSession(configuration: configuration.session)
    }

    // MARK: Callers

    func start(_ promise: EventLoopPromise<Void>) {
        guard case .idle = phase else {
            promise.fail(MQTTError(.invalidArgument, "the client was started already"))
            return
        }
        if let tls = configuration.tls {
            do {
                tlsContext = try tls.makeContext()
            } catch {
                phase = .stopped
                promise.fail(error)
                return finish()
            }
        }
        phase = .starting(promise)
        openConnection()
    }

    func publish(_ message: MQTTMessage, _ promise: EventLoopPromise<Void>) {
        if case .stopped = phase { return promise.fail(Self.closedError) }
        do {
            let (id, actions) = try session.publish(message, now: .now)
            if let id { acknowledgements[id] = promise } else { unwrittenAtMostOnce.append(promise) }
            perform(actions)
        } catch {
            promise.fail(error)
        }
    }

    func subscribe(_ subscriptions: [Subscription], _ promise: EventLoopPromise<[SubscribeResult]>) {
        if case .stopped = phase { return promise.fail(Self.closedError) }
        let filters = subscriptions.map(\.filter)
        guard !filters.isEmpty, Set(filters).count == filters.count else {
            return promise.fail(MQTTError(.invalidArgument, "subscribe to at least one topic filter, each once"))
        }
        subscribeWaiters.append(SubscribeWaiter(filters: filters, promise: promise))
        perform(session.subscribe(subscriptions, now: .now))
    }

    var unacknowledgedCount: Int { session.unacknowledgedCount }

    func acknowledge(_ message: PublishPacket) {
        perform(session.acknowledge(message, now: .now))
    }

    /// DISCONNECT if connected, then close; everything still waiting fails with ``MQTTError/Code/closed``.
    func stop(_ promise: EventLoopPromise<Void>) {
        if case .stopped = phase, channel == nil { return promise.succeed() }
        if case .starting(let connecting) = phase { connecting.fail(Self.closedError) }
        phase = .stopped
        reconnect?.cancel()
        reconnect = nil
        stopWaiters.append(promise)
        if channel != nil {
            perform(session.disconnect(now: .now))
        } else {
            finish()
        }
    }

    // MARK: The connection (from MQTTChannelHandler)

    func connectionEstablished(_ channel: any Channel) {
        self.channel = channel
        closeReason = nil
        logger.debug("MQTT connection up", metadata: ["broker": "\(configuration.host):\(configuration.port)"])
        perform(session.connectionEstablished(now: .now))
    }

    func received(_ packet: MQTTServerPacket, on channel: any Channel) {
        guard channel === self.channel else { return }
        perform(session.received(packet, now: .now))
    }

    func failed(_ error: any Error, on channel: any Channel) {
        guard channel === self.channel else { return }
        closeReason = closeReason ?? error
        channel.close(promise: nil)
    }

    func connectionLost(_ channel: any Channel) {
        guard channel === self.channel else { return }
        self.channel = nil
        perform(session.connectionLost())
        let reason = closeReason ?? MQTTError(.closed, "the broker closed the connection")
        switch phase {
        case .starting(let promise):
            phase = .stopped
            promise.fail(reason)
            finish()
        case .running:
            logger.warning("MQTT connection lost; reconnecting", metadata: ["reason": "\(reason)"])
            history.lost(at: .now)
            connectionEvents.yield(.lost)
            scheduleReconnect()
        case .stopped:
            finish()
        case .idle:
            break
        }
    }

    // MARK: Carrying out the session's actions

    private func perform(_ actions: [MQTTSession.Action]) {
        var wrote = false
        for action in actions {
            switch action {
            case .send(let packet):
                guard let channel else { continue }
                var written: EventLoopPromise<Void>?
                if case .publish(let publish) = packet, publish.packetID == nil { written = unwrittenAtMostOnce.popFirst() }
                channel.write(packet, promise: written)
                wrote = true
            case .startTimer(let timer, let delay):
                timers[timer]?.cancel()
                timers[timer] = eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { self.timerFired(timer) }
            case .cancelTimer(let timer):
                timers.removeValue(forKey: timer)?.cancel()
            case .report(let report):
                handle(report)
            case .close(let error):
                if let error { closeReason = error }
                if wrote { channel?.flush() }
                wrote = false
                channel?.close(promise: nil)
            }
        }
        if wrote { channel?.flush() }
    }

    private func timerFired(_ timer: MQTTSession.Timer) {
        timers[timer] = nil
        perform(session.timerFired(timer, now: .now))
    }

    private func handle(_ report: MQTTSession.Report) {
        switch report {
        case .connected(let sessionPresent):
            reconnectAttempt = 0
            logger.info("MQTT connected", metadata: [
                "broker": "\(configuration.host):\(configuration.port)", "session-present": "\(sessionPresent)",
            ])
            history.connected(at: .now)
            connectionEvents.yield(.connected(sessionPresent: sessionPresent))
            if case .starting(let promise) = phase {
                phase = .running
                promise.succeed()
            }
        case .message(let publish):
            incoming.yield(publish)
        case .acknowledged(let id):
            acknowledgements.removeValue(forKey: id)?.succeed()
        case .subscribed(let filter, let result):
            guard let index = subscribeWaiters.firstIndex(where: { $0.filters.contains(filter) && $0.results[filter] == nil })
            else { return }
            subscribeWaiters[index].results[filter] = result
            let waiter = subscribeWaiters[index]
            if waiter.results.count == waiter.filters.count {
                subscribeWaiters.remove(at: index)
                waiter.promise.succeed(waiter.filters.map { waiter.results[$0]! })
            }
        }
    }

    // MARK: Connecting

    private func openConnection() {
        let driver = NIOLoopBound(self, eventLoop: eventLoop)
        let maximumPacketSize = configuration.maximumPacketSize
        let tls = tlsContext.map { context in (context, configuration.tls?.hostname(for: configuration.host)) }
        ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls.0, serverHostname: tls.1))
                    }
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(MQTTPacketDecoder(maximumPacketSize: maximumPacketSize)),
                        MessageToByteHandler(MQTTPacketEncoder()),
                        MQTTChannelHandler(driver: driver.value),
                    ])
                }
            }
            .connect(host: configuration.host, port: configuration.port)
            .assumeIsolated()
            .whenFailure { error in self.connectFailed(error) }
    }

    private func connectFailed(_ error: any Error) {
        switch phase {
        case .starting(let promise):
            phase = .stopped
            promise.fail(error)
            finish()
        case .running:
            logger.warning("MQTT connect failed; retrying", metadata: ["error": "\(error)"])
            scheduleReconnect()
        case .idle, .stopped:
            finish()
        }
    }

    private func scheduleReconnect() {
        let delay = configuration.backoff.delay(forAttempt: reconnectAttempt)
        reconnectAttempt += 1
        reconnect = eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) {
            self.reconnect = nil
            if case .running = self.phase { self.openConnection() }
        }
    }

    /// The client is stopped and its connection gone: fail what waits, end the message stream.
    private func finish() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
        for promise in acknowledgements.values { promise.fail(Self.closedError) }
        acknowledgements.removeAll()
        while let promise = unwrittenAtMostOnce.popFirst() { promise.fail(Self.closedError) }
        for waiter in subscribeWaiters { waiter.promise.fail(Self.closedError) }
        subscribeWaiters.removeAll()
        incoming.finish()
        connectionEvents.finish()
        for promise in stopWaiters { promise.succeed() }
        stopWaiters.removeAll()
    }

    private static let closedError = MQTTError(.closed, "the MQTT client is closed")
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
