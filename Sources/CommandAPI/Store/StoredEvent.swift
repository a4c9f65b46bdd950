public import AlarmCore

/// An event as the store keeps it: with its cursor, the position in the order of arrival.
public struct StoredEvent: Sendable, Hashable {
    /// Increases with every event stored and is never reused; ``EventStore/events(after:limit:)``
    /// pages by it.
    public var cursor: Int64
    /// The event.
    public var event: AlarmEvent

    /// An event stored at `cursor`.
    public init(cursor: Int64, event: AlarmEvent) {
        self.cursor = cursor
        self.event = event
    }
}
