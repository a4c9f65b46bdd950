#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of the last events written, at most `capacity` of them: when full, the oldest is
/// forgotten first.
struct RecentEventKeys {
    /// How many keys are remembered at most.
    let capacity: Int
    private var members: Set<UUID> = []
    /// The keys in the order they were inserted, used as a ring once full.
    private var order: [UUID] = []
    /// Where the next key goes in `order` once it is full: the oldest key's place.
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity >= 1, "remember at least one key")
        self.capacity = capacity
    }

    /// How many keys are remembered.
    var count: Int { order.count }

    /// Whether `key` is among the remembered keys.
    func contains(_ key: UUID) -> Bool {
        members.contains(key)
    }

    /// Remembers `key` as the newest, forgetting the oldest when full; a key already remembered
    /// is left where it is.
    mutating func insert(_ key: UUID) {
        guard members.insert(key).inserted else { return }
        if order.count < capacity {
            order.append(key)
        } else {
            members.remove(order[oldest])
            order[oldest] = key
            oldest = (oldest + 1) % capacity
        }
    }
}
