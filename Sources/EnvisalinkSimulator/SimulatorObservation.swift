public import EnvisalinkTPI

/// What a test can observe of the simulator's client side.
public struct SimulatorObservation: Sendable, Hashable {
    /// A TPI client is connected (logged in or not).
    public var isClientConnected = false
    /// The connected client has logged in.
    public var isClientLoggedIn = false
    /// Connections accepted so far (refused second clients not counted).
    public var connections = 0
    /// Successful logins so far.
    public var logins = 0
    /// Valid frames logged-in clients sent, oldest first (the last 1000). They may hold access
    /// codes: the simulator never logs them.
    public var received: [TPIFrame] = []
    /// Valid frames sent to the client, oldest first (the last 1000).
    public var sent: [TPIFrame] = []

    /// Nothing observed yet.
    public init() {}
}
