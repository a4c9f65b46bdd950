import AlarmCore
import MQTT
import NIOCore

/// A session and a clock of its own, for tests with no sockets: `advance` moves time on.
struct SessionHarness {
    typealias Action = MQTTSession.Action
    var session: MQTTSession
    let connect: ConnectPacket
    private(set) var now = ContinuousClock.now

    init(
        cleanSession: Bool = false, keepAlive: UInt16 = 30, maximumInFlight: Int = 32, maximumQueued: Int = 10_000,
        acknowledgesOnArrival: Bool = true
    ) {
        connect = try! ConnectPacket(
            clientID: "howalarming-site1", cleanSession: cleanSession, keepAlive: keepAlive,
            userName: "site1", password: Secret("s3cret"))
        session = MQTTSession(configuration: MQTTSessionConfiguration(
            connect: connect, maximumInFlight: maximumInFlight, maximumQueued: maximumQueued,
            acknowledgesOnArrival: acknowledgesOnArrival))
    }

    mutating func advance(_ duration: Duration) { now += duration }

    /// Connects and has the server accept, returning the CONNACK's actions.
    @discardableResult
    mutating func connected(sessionPresent: Bool = false) -> [Action] {
        _ = session.connectionEstablished(now: now)
        return receive(.connAck(ConnAckPacket(sessionPresent: sessionPresent, returnCode: .accepted)))
    }

    mutating func receive(_ packet: MQTTServerPacket) -> [Action] { session.received(packet, now: now) }

    mutating func fire(_ timer: MQTTSession.Timer) -> [Action] { session.timerFired(timer, now: now) }

    /// Publishes `payload` to `topicText`, returning the identifier and the actions.
    mutating func publish(_ topicText: String, _ payload: String = "x", qos: QoS = .atLeastOnce, retain: Bool = false)
        throws -> (packetID: PacketID?, actions: [Action])
    {
        try session.publish(
            MQTTMessage(topic: topic(topicText), payload: ByteBuffer(string: payload), qos: qos, retain: retain), now: now)
    }
}

/// The packets among `actions`.
func sentPackets(_ actions: [MQTTSession.Action]) -> [MQTTClientPacket] {
    actions.compactMap { if case .send(let packet) = $0 { packet } else { nil } }
}

/// The reports among `actions`.
func reports(_ actions: [MQTTSession.Action]) -> [MQTTSession.Report] {
    actions.compactMap { if case .report(let report) = $0 { report } else { nil } }
}

/// The error `actions` close the connection with: `.some(nil)` for a clean close, `nil` for none.
func closeReason(_ actions: [MQTTSession.Action]) -> MQTTError?? {
    for action in actions { if case .close(let error) = action { return .some(error) } }
    return nil
}

/// The topics, identifiers and DUP flags of the PUBLISHes among `actions`, as `topic#id` or `topic#id dup`.
func sentPublishes(_ actions: [MQTTSession.Action]) -> [String] {
    sentPackets(actions).compactMap { packet in
        guard case .publish(let publish) = packet else { return nil }
        return "\(publish.topic)#\(publish.packetID.map(String.init(describing:)) ?? "-")\(publish.duplicate ? " dup" : "")"
    }
}
