/// How a provider connection checks that it is still alive while it is quiet.
///
/// A connection with nothing to send for ``pingInterval`` sends an HTTP/2 PING; when no
/// acknowledgement comes within ``pingTimeout`` the connection is dead (a NAT or firewall forgot
/// it, the peer vanished): it is closed and replaced at once, before a notification needs it.
/// The providers recommend a PING every 15–30 seconds when idle, and no more often.
public struct ProviderKeepAlive: Sendable, Hashable {
    /// How long a connection may be quiet before it sends a PING. Default 20 seconds.
    public var pingInterval: Duration
    /// How long a PING may wait for its acknowledgement. Default 5 seconds.
    public var pingTimeout: Duration

    /// Keep-alive settings; the defaults follow the providers' advice.
    public init(pingInterval: Duration = .seconds(20), pingTimeout: Duration = .seconds(5)) {
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
    }
}
