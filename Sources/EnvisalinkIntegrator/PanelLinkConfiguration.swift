public import AlarmCore
public import Beanstalk
public import EnvisalinkTPI

/// Where the EVL is and how the link behaves.
public struct PanelLinkConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The TPI password (at most 6 characters are sent, as the EVL reads no more).
    public var password: Secret
    public var session: TPISessionConfiguration
    /// Delays between reconnect attempts after the link drops.
    public var reconnectBackoff: Backoff
    /// Delays after the panel refused the password: long, so a wrong password never hammers the EVL.
    public var wrongPasswordBackoff: Backoff
    public var connectTimeout: Duration

    public init(
        host: String, port: Int, password: Secret,
        session: TPISessionConfiguration = .init(),
        reconnectBackoff: Backoff = Backoff(initial: .seconds(1), maximum: .seconds(60)),
        wrongPasswordBackoff: Backoff = Backoff(initial: .seconds(60), maximum: .seconds(900)),
        connectTimeout: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.password = password
        self.session = session
        self.reconnectBackoff = reconnectBackoff
        self.wrongPasswordBackoff = wrongPasswordBackoff
        self.connectTimeout = connectTimeout
    }
}
