/// Where an event stands in its producer's order: its `source` and `sequence`.
///
/// Used so that a late copy of an older event (a retried job) does not overwrite what a newer
/// event from the same producer said. Events from different producers, or without a sequence,
/// cannot be compared and are taken in the order they arrive.
public struct EventStamp: Sendable, Hashable, Codable {
    /// The producer.
    public var source: String?
    /// Its sequence number.
    public var sequence: UInt64?

    /// The stamp of `event`.
    public init(_ event: AlarmEvent) {
        source = event.source
        sequence = event.sequence
    }

    /// No place in any order: superseded by every event.
    public static let unordered = EventStamp(source: nil, sequence: nil)

    private init(source: String?, sequence: UInt64?) {
        self.source = source
        self.sequence = sequence
    }

    /// Whether an event with this stamp may replace what an event stamped `earlier` said: always,
    /// unless both come from the same source with sequences and this one is not higher.
    public func supersedes(_ earlier: EventStamp?) -> Bool {
        guard let earlier, let source, source == earlier.source, let sequence, let previous = earlier.sequence else {
            return true
        }
        return sequence > previous
    }
}
