/// An MQTT 3.1.1 client session: CONNECT/CONNACK, keep-alive and the dead-link timeout, QoS 1
/// messages in flight with their packet identifiers, subscriptions, and what survives a reconnect.
///
/// Pure: every input returns the actions its driver must carry out (send a packet, start or cancel
/// a timer, report something, close). Time comes in as `now`, so it is tested with no sockets
/// and no clock. The session outlives connections: messages not yet acknowledged and the
/// subscriptions stay, and go out again after the next CONNACK (reference §1.7–1.8):
/// re-SUBSCRIBE what the server does not hold, resend in-flight messages (DUP = 1 and their
/// identifiers when the session continued [MQTT-4.4.0-1]), then the queued ones, in order.
public struct MQTTSession: Sendable {
    private enum State: Sendable {
        case disconnected
        case awaitingConnAck
        case connected(awaitingPingResponse: Bool)
        case closing
    }

    private let configuration: MQTTSessionConfiguration
    private var state = State.disconnected
    private var lastSent: ContinuousClock.Instant?
    /// Messages not sent yet, in order, with their identifiers (QoS 1).
    private var outbox: [PublishPacket] = []
    /// QoS 1 messages sent and not acknowledged, in the order they were sent.
    private var inFlight: [PublishPacket] = []
    /// The subscriptions wanted, in order, and those the server holds.
    private var subscriptions: [Subscription] = []
    private var confirmed: Set<TopicFilter> = []
    private var pendingSubscribes: [PacketID: [Subscription]] = [:]
    private var packetIDs = PacketIDAllocator()
    /// QoS 1 messages received on this connection and not acknowledged yet, by identifier (when
    /// the configuration does not acknowledge them on arrival).
    private var unacknowledgedIncoming: [PacketID: PublishPacket] = [:]

    public init(configuration: MQTTSessionConfiguration) {
        self.configuration = configuration
    }

    /// Whether CONNACK accepted the current connection.
    public var isConnected: Bool {
        if case .connected = state { return true }
        return false
    }

    /// Messages waiting to be sent or acknowledged.
    public var unacknowledgedCount: Int { outbox.count + inFlight.count }

    /// The TCP (or TLS) connection is up: send CONNECT and wait for CONNACK.
    public mutating func connectionEstablished(now: ContinuousClock.Instant) -> [Action] {
        state = .awaitingConnAck
        var actions: [Action] = []
        send(.connect(configuration.connect), now: now, into: &actions)
        actions.append(.startTimer(.connAck, after: configuration.connAckTimeout))
        return actions
    }

    /// The connection is gone (closed by either side, or failed). Unacknowledged messages and
    /// subscriptions are kept for the next connection.
    public mutating func connectionLost() -> [Action] {
        state = .disconnected
        // The server sends them again on the next connection, with DUP set.
        unacknowledgedIncoming.removeAll()
        for id in pendingSubscribes.keys { packetIDs.release(id) }
        pendingSubscribes.removeAll()
        return Self.cancelTimers
    }

    /// A clean stop: DISCONNECT (the server discards the will [MQTT-3.14.4-3]), then close.
    public mutating func disconnect(now: ContinuousClock.Instant) -> [Action] {
        guard case .connected = state else {
            state = .closing
            return Self.cancelTimers + [.close(nil)]
        }
        state = .closing
        var actions = Self.cancelTimers
        send(.disconnect, now: now, into: &actions)
        actions.append(.close(nil))
        return actions
    }

    /// Publishes `message`: at once if connected and the in-flight window allows, else after
    /// the messages before it. A QoS 1 message gets its packet identifier here, and is reported
    /// ``Report/acknowledged(_:)`` with it.
    public mutating func publish(_ message: MQTTMessage, now: ContinuousClock.Instant) throws(MQTTError)
        -> (packetID: PacketID?, actions: [Action])
    {
        guard unacknowledgedCount < configuration.maximumQueued else {
            throw MQTTError(.queueFull, "\(unacknowledgedCount) messages already wait to be sent or acknowledged")
        }
        var id: PacketID?
        if message.qos == .atLeastOnce {
            guard let allocated = packetIDs.allocate() else {
                throw MQTTError(.queueFull, "every packet identifier is in use")
            }
            id = allocated
        }
        outbox.append(message.packet(id: id))
        var actions: [Action] = []
        if case .connected = state { sendQueued(now: now, into: &actions) }
        return (id, actions)
    }

    /// Subscribes to `newSubscriptions` now if connected, else after the next CONNACK, and again
    /// after every CONNACK that did not resume the session.
    public mutating func subscribe(_ newSubscriptions: [Subscription], now: ContinuousClock.Instant) -> [Action] {
        for subscription in newSubscriptions {
            subscriptions.removeAll { $0.filter == subscription.filter }
            confirmed.remove(subscription.filter)
            subscriptions.append(subscription)
        }
        var actions: [Action] = []
        if case .connected = state, !newSubscriptions.isEmpty { sendSubscribe(newSubscriptions, now: now, into: &actions) }
        return actions
    }

    /// A timer fired.
    public mutating func timerFired(_ timer: Timer, now: ContinuousClock.Instant) -> [Action] {
        switch (timer, state) {
        case (.connAck, .awaitingConnAck):
            return fail(MQTTError(.timedOut, "no CONNACK within \(configuration.connAckTimeout)"))
        case (.keepAlive, .connected(let awaiting)):
            let keepAlive = configuration.keepAlive
            let idle = lastSent.map { now - $0 } ?? keepAlive
            guard idle >= keepAlive else { return [.startTimer(.keepAlive, after: keepAlive - idle)] }
            var actions: [Action] = []
            send(.pingReq, now: now, into: &actions)
            if !awaiting {
                state = .connected(awaitingPingResponse: true)
                actions.append(.startTimer(.pingResponse, after: configuration.pingResponseTimeout))
            }
            actions.append(.startTimer(.keepAlive, after: keepAlive))
            return actions
        case (.pingResponse, .connected(awaitingPingResponse: true)):
            return fail(MQTTError(.timedOut, "no PINGRESP within \(configuration.pingResponseTimeout): the link is dead"))
        default:
            return []
        }
    }

    /// A packet arrived from the server.
    public mutating func received(_ packet: MQTTServerPacket, now: ContinuousClock.Instant) -> [Action] {
        switch (state, packet) {
        case (.disconnected, _), (.closing, _):
            return []
        case (.awaitingConnAck, .connAck(let connAck)):
            return connAckReceived(connAck, now: now)
        case (.awaitingConnAck, _):
            // The server's first packet must be CONNACK [MQTT-3.2.0-1].
            return fail(MQTTError(.unexpectedPacket, "\(packet) before CONNACK"))
        case (.connected, .connAck):
            return fail(MQTTError(.unexpectedPacket, "a second CONNACK"))
        case (.connected, .publish(let publish)):
            return deliver(publish, now: now)
        case (.connected, .pubAck(let id)):
            guard let index = inFlight.firstIndex(where: { $0.packetID == id }) else { return [] }
            inFlight.remove(at: index)
            packetIDs.release(id)
            var actions: [Action] = [.report(.acknowledged(id))]
            sendQueued(now: now, into: &actions)
            return actions
        case (.connected, .subAck(let subAck)):
            return subscribed(subAck)
        case (.connected, .unsubAck):
            return []
        case (.connected, .pingResp):
            state = .connected(awaitingPingResponse: false)
            return [.cancelTimer(.pingResponse)]
        }
    }

    /// CONNACK: refused, or the session goes on (reference §1.8, "On CONNACK 00").
    private mutating func connAckReceived(_ connAck: ConnAckPacket, now: ContinuousClock.Instant) -> [Action] {
        if let refusal = connAck.returnCode.error { return fail(refusal) }
        state = .connected(awaitingPingResponse: false)
        let resumed = connAck.sessionPresent && !configuration.connect.cleanSession
        var actions: [Action] = [.cancelTimer(.connAck), .report(.connected(sessionPresent: connAck.sessionPresent))]
        if !resumed { confirmed.removeAll() }
        let missing = subscriptions.filter { !confirmed.contains($0.filter) }
        if !missing.isEmpty { sendSubscribe(missing, now: now, into: &actions) }
        // A resumed session knows these identifiers: resend as duplicates. A new one does not:
        // send them as new messages, in the same order.
        for publish in inFlight { send(.publish(resumed ? publish.resent : publish), now: now, into: &actions) }
        sendQueued(now: now, into: &actions)
        if configuration.connect.keepAlive > 0 { actions.append(.startTimer(.keepAlive, after: configuration.keepAlive)) }
        return actions
    }

    /// Acknowledges `message`, a QoS 1 message received on the current connection, when the
    /// configuration does not acknowledge on arrival. One received on an earlier connection is
    /// not acknowledged: the server delivers it again (DUP set), and its identifier may now name
    /// another message.
    public mutating func acknowledge(_ message: PublishPacket, now: ContinuousClock.Instant) -> [Action] {
        guard case .connected = state, let packetID = message.packetID, unacknowledgedIncoming[packetID] == message else {
            return []
        }
        unacknowledgedIncoming[packetID] = nil
        var actions: [Action] = []
        send(.pubAck(packetID), now: now, into: &actions)
        return actions
    }

    /// An incoming message: QoS 1 is acknowledged at once, or recorded for ``acknowledge(_:now:)``;
    /// QoS 2 was never asked for.
    private mutating func deliver(_ publish: PublishPacket, now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        switch publish.qos {
        case .atMostOnce:
            break
        case .atLeastOnce where !configuration.acknowledgesOnArrival:
            unacknowledgedIncoming[publish.packetID!] = publish
        case .atLeastOnce:
            send(.pubAck(publish.packetID!), now: now, into: &actions)
        case .exactlyOnce:
            return fail(MQTTError(.unexpectedPacket, "a QoS 2 PUBLISH on \(publish.topic), never subscribed at QoS 2"))
        }
        actions.append(.report(.message(publish)))
        return actions
    }

    private mutating func subscribed(_ subAck: SubAckPacket) -> [Action] {
        guard let sent = pendingSubscribes.removeValue(forKey: subAck.packetID) else { return [] }
        packetIDs.release(subAck.packetID)
        guard sent.count == subAck.results.count else {
            return fail(MQTTError(
                .malformedPacket, "SUBACK with \(subAck.results.count) return codes for \(sent.count) topic filters"))
        }
        return zip(sent, subAck.results).map { subscription, result in
            if case .granted = result, subscriptions.contains(subscription) { confirmed.insert(subscription.filter) }
            return .report(.subscribed(subscription.filter, result))
        }
    }

    /// Sends the queued messages in order while the in-flight window allows.
    private mutating func sendQueued(now: ContinuousClock.Instant, into actions: inout [Action]) {
        while let next = outbox.first {
            if next.qos == .atLeastOnce {
                guard inFlight.count < configuration.maximumInFlight else { return }
                inFlight.append(next)
            }
            outbox.removeFirst()
            send(.publish(next), now: now, into: &actions)
        }
    }

    /// Sends SUBSCRIBEs for `list`, a thousand filters at most in each, so that each fits in a
    /// packet (a filter takes at most 65,538 bytes).
    private mutating func sendSubscribe(_ list: [Subscription], now: ContinuousClock.Instant, into actions: inout [Action]) {
        for start in stride(from: 0, to: list.count, by: 1_000) {
            guard let id = packetIDs.allocate() else {
                actions += fail(MQTTError(.queueFull, "every packet identifier is in use"))
                return
            }
            let part = Array(list[start..<min(start + 1_000, list.count)])
            pendingSubscribes[id] = part
            send(.subscribe(SubscribePacket(packetID: id, validated: part)), now: now, into: &actions)
        }
    }

    private static let cancelTimers: [Action] = [.cancelTimer(.connAck), .cancelTimer(.keepAlive), .cancelTimer(.pingResponse)]

    /// Closes the connection because of `error`.
    private mutating func fail(_ error: MQTTError) -> [Action] {
        state = .closing
        return Self.cancelTimers + [.close(error)]
    }

    /// Records `packet` as sent now (for the keep-alive) and appends it to `actions`.
    private mutating func send(_ packet: MQTTClientPacket, now: ContinuousClock.Instant, into actions: inout [Action]) {
        lastSent = now
        actions.append(.send(packet))
    }
}
