/// When a command without a `timestamp` was issued, as far as the bridge can tell from when it
/// arrived, so that the integrator's `command_max_age` refuses one that waited at the broker.
///
/// With a persistent session the broker keeps the commands published while the bridge was away
/// and delivers them right after the bridge connects again: such a command may be hours old. A
/// command arriving in the first ``backlogWindow`` seconds of a connection may be one of them, so
/// it counts as issued when the connection before was lost (the earliest it can have been
/// published); on the process's first connection that time is not known and the command is
/// refused. A command arriving later was published just now.
public struct CommandArrival: Sendable, Hashable {
    /// How long after a connection is accepted the broker's backlog may still be arriving, in seconds.
    public static let backlogWindow: Int64 = 2

    /// When the connection the command came on was accepted (Unix seconds).
    public var connectedAt: Int64
    /// When the connection before it was lost, `nil` when it is the first.
    public var previousLoss: Int64?

    /// A command that came on the connection accepted at `connectedAt`, after the loss of another
    /// at `previousLoss` (`nil`: the process's first connection).
    public init(connectedAt: Int64, previousLoss: Int64?) {
        self.connectedAt = connectedAt
        self.previousLoss = previousLoss
    }

    /// When a command received at `now` was issued at the earliest, or `nil` when it may be from
    /// a backlog of unknown age.
    public func issueTime(receivedAt now: Int64) -> Int64? {
        now - connectedAt < Self.backlogWindow ? previousLoss : now
    }
}
