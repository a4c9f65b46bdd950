/// What an ``MQTTSession`` needs to know: the CONNECT it sends, and its limits and timeouts.
public struct MQTTSessionConfiguration: Sendable {
    /// Sent as the first packet of every connection.
    public var connect: ConnectPacket
    /// How long to wait for CONNACK before closing (reference §1.8: 10 s).
    public var connAckTimeout: Duration
    /// How many QoS 1 messages may await their PUBACK at once; the rest wait in order.
    public var maximumInFlight: Int
    /// How many messages may wait to be sent or acknowledged in all; more are refused. At most
    /// 64,535, which leaves packet identifiers for SUBSCRIBE.
    public var maximumQueued: Int
    /// Whether an incoming QoS 1 message is acknowledged (PUBACK) as it arrives. When `false`,
    /// the client acknowledges it only when told to (``MQTTSession/acknowledge(_:now:)``), after
    /// handing it on: a message not acknowledged is delivered again after a reconnect, so none is
    /// lost to a crash in between.
    public var acknowledgesOnArrival: Bool

    public init(
        connect: ConnectPacket, connAckTimeout: Duration = .seconds(10),
        maximumInFlight: Int = 32, maximumQueued: Int = 10_000, acknowledgesOnArrival: Bool = true
    ) {
        precondition(maximumInFlight > 0 && maximumQueued >= maximumInFlight, "invalid session limits")
        self.connect = connect
        self.connAckTimeout = connAckTimeout
        self.maximumInFlight = maximumInFlight
        self.maximumQueued = min(maximumQueued, Int(UInt16.max) - 1_000)
        self.acknowledgesOnArrival = acknowledgesOnArrival
    }

    /// The keep-alive as a duration; zero when off.
    var keepAlive: Duration { .seconds(connect.keepAlive) }

    /// How long a PINGREQ waits for its PINGRESP: the keep-alive, at most 10 s.
    var pingResponseTimeout: Duration { min(.seconds(10), keepAlive) }
}
