import Synchronization

/// When an ``MQTTClient``'s current connection was accepted and when the one before it was lost:
/// what a client needs to tell messages the broker kept for it while it was away (they arrive
/// first on a new connection) from messages published now.
public struct MQTTConnectionHistory: Sendable, Hashable {
    /// When the broker accepted the current connection; `nil` while disconnected.
    public var connectedSince: ContinuousClock.Instant?
    /// When the connection before the current one was lost; `nil` when the current one is the first.
    public var previousLoss: ContinuousClock.Instant?
    /// When the last connection was lost.
    var lastLoss: ContinuousClock.Instant?

    /// Never connected.
    public init() {}

    mutating func connected(at now: ContinuousClock.Instant) {
        connectedSince = now
        previousLoss = lastLoss
    }

    mutating func lost(at now: ContinuousClock.Instant) {
        connectedSince = nil
        lastLoss = now
    }
}

/// The history shared by a client and its driver: written on the event loop, read by any task.
final class SharedConnectionHistory: Sendable {
    private let history = Mutex(MQTTConnectionHistory())

    var current: MQTTConnectionHistory { history.withLock { $0 } }

    func connected(at now: ContinuousClock.Instant) { history.withLock { $0.connected(at: now) } }

    func lost(at now: ContinuousClock.Instant) { history.withLock { $0.lost(at: now) } }
}
