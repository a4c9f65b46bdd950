public import Beanstalk

/// Where an ``MQTTClient`` connects, the session it keeps, and how it reconnects.
public struct MQTTClientConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The CONNECT and the session's limits. For QoS 1 messages to survive a reconnect, the
    /// CONNECT asks for a persistent session (clean session false).
    public var session: MQTTSessionConfiguration
    /// The wait before each reconnect: capped, with jitter.
    public var backoff: Backoff
    /// How long a TCP connect may take.
    public var connectTimeout: Duration
    /// The largest packet accepted from the server.
    public var maximumPacketSize: Int
    /// TLS, or `nil` for plain TCP.
    public var tls: MQTTTLSConfiguration?

    public init(
        host: String, port: Int = 1883, session: MQTTSessionConfiguration,
        backoff: Backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(30)),
        connectTimeout: Duration = .seconds(10),
        maximumPacketSize: Int = MQTTPacketDecoder.defaultMaximumPacketSize,
        tls: MQTTTLSConfiguration? = nil
    ) {
        self.tls = tls
        self.host = host
        self.port = port
        self.session = session
        self.backoff = backoff
        self.connectTimeout = connectTimeout
        self.maximumPacketSize = maximumPacketSize
    }
}
