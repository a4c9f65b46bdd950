#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Synchronization

/// The ids of the events a consumer handled most recently, so it can recognise a repeat
/// (`docs/event-format.md`, "De-duplication by id") and skip it. Remembers the last
/// ``capacity`` ids, in memory; safe to use from many tasks.
public final class RecentEventIDs: Sendable {
    private struct Storage {
        var members: Set<UUID> = []
        /// The members in the order they were added; the oldest is at `oldest`.
        var order: [UUID] = []
        var oldest = 0
    }

    /// How many ids are remembered; adding one more forgets the oldest.
    public let capacity: Int
    private let storage = Mutex(Storage())

    /// An empty memory of at most `capacity` (at least 1) ids.
    public init(capacity: Int = 10_000) {
        precondition(capacity >= 1, "remember at least one id")
        self.capacity = capacity
    }

    /// Whether `id` is among the remembered ids.
    public func contains(_ id: UUID) -> Bool {
        storage.withLock { $0.members.contains(id) }
    }

    /// Remembers `id`, forgetting the oldest id when ``capacity`` is reached.
    public func insert(_ id: UUID) {
        storage.withLock { storage in
            guard storage.members.insert(id).inserted else { return }
            if storage.order.count < capacity {
                storage.order.append(id)
            } else {
                storage.members.remove(storage.order[storage.oldest])
                storage.order[storage.oldest] = id
                storage.oldest = (storage.oldest + 1) % capacity
            }
        }
    }
}
