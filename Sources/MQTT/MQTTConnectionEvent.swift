/// A change of an ``MQTTClient``'s connection, for a client that must act on it (republish what a
/// restarted broker forgot, know since when it is connected).
public enum MQTTConnectionEvent: Sendable, Hashable {
    /// The broker accepted a connection; `sessionPresent` says whether it resumed the session.
    case connected(sessionPresent: Bool)
    /// The connection was lost; the client reconnects.
    case lost
}
