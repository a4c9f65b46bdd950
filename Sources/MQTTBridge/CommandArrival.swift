/// When a command without a `timestamp` was issued, as far as the bridge can tell from when it
/// arrived, so that the integrator's `command_max_age` refuses one that waited at the broker.
///
/// With a persistent session the broker keeps the commands published while the bridge was away
/// and delivers them right after the bridge connects again: such a command may be hours old. A
/// command arriving in the first ``backlogWindow`` seconds of a connection may be one of them, so
/// it counts as issued when the connection before was lost (the earliest it can have been
/// published); on the process's first connection that time is not known and the command is
/// refused. A command arriving later was published just now.
public struct CommandArrival: Sendable {
    /// How long after a connection is accepted the broker's backlog may still be arriving.
    public static let backlogWindow: Int64 = 2

    private var connectedAt: Int64?
    private var previousLoss: Int64?
    private var lostAt: Int64?

    /// No connection yet.
    public init() {}

    /// A connection was accepted at `now` (Unix seconds).
    public mutating func connected(at now: Int64) {
        connectedAt = now
        previousLoss = lostAt
    }

    /// The connection was lost at `now`.
    public mutating func lost(at now: Int64) {
        lostAt = now
    }

    /// When a command received at `now` was issued at the earliest, or `nil` when it may be from a
    /// backlog of unknown age.
    public func issueTime(receivedAt now: Int64) -> Int64? {
        guard let connectedAt, now - connectedAt < Self.backlogWindow else { return now }
        return previousLoss
    }
}
