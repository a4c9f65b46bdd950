#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The ids of the events a consumer handled most recently, so it can recognise a repeat
/// (`docs/event-format.md`, "De-duplication by id") and skip it. Remembers at most
/// ``capacity`` ids, in memory; when full, the oldest is forgotten first.
///
/// A value type: a consumer that handles events from several tasks keeps it behind a lock.
public struct RecentEventIDs: Sendable {
    /// How many ids are remembered at most.
    public let capacity: Int
    private var members: Set<UUID> = []
    /// The ids in the order they were inserted, used as a ring once full.
    private var order: [UUID] = []
    /// Where the next id goes in `order` once it is full: the oldest id's place.
    private var oldest = 0

    /// An empty memory of at most `capacity` (at least 1) ids.
    public init(capacity: Int) {
        precondition(capacity >= 1, "remember at least one id")
        self.capacity = capacity
    }

    /// How many ids are remembered.
    public var count: Int { order.count }

    /// Whether `id` is among the remembered ids.
    public func contains(_ id: UUID) -> Bool {
        members.contains(id)
    }

    /// Remembers `id` as the newest, forgetting the oldest when full; an id already
    /// remembered is left where it is.
    public mutating func insert(_ id: UUID) {
        guard members.insert(id).inserted else { return }
        if order.count < capacity {
            order.append(id)
        } else {
            members.remove(order[oldest])
            order[oldest] = id
            oldest = (oldest + 1) % capacity
        }
    }
}
