/// Hands out packet identifiers unique among this client's unacknowledged packets
/// [MQTT-2.3.1-2], cycling 1…65,535 and skipping those in use.
struct PacketIDAllocator: Sendable {
    private var next: UInt16 = 1
    private var inUse: Set<UInt16> = []

    /// How many identifiers are in use.
    var count: Int { inUse.count }

    /// The next free identifier, or `nil` when all 65,535 are in use.
    mutating func allocate() -> PacketID? {
        guard inUse.count < Int(UInt16.max) else { return nil }
        while inUse.contains(next) { advance() }
        let id = PacketID(next)!
        inUse.insert(next)
        advance()
        return id
    }

    /// Makes `id` free again (its acknowledgement arrived).
    mutating func release(_ id: PacketID) {
        inUse.remove(id.value)
    }

    private mutating func advance() {
        next = next == UInt16.max ? 1 : next + 1
    }
}
