import AlarmCore

/// Adds who and which to the partition events that do not carry them: a `655` (disarmed) gets the
/// user of the `750` (user opening) just before it, and a `654` (partition in alarm) the zones of
/// the partition's alarm memory, so that the `disarmed` and `alarm` notifications say so.
///
/// Pure: the event reporter passes every event through ``detail(_:)`` in order. The panel sends
/// `750` before `655`, but `700` (user closing) after `652` (armed): an `armed` event cannot name
/// the user without being held back, so it is not; the `700` event itself names them.
struct PartitionEventDetails: Sendable {
    private var activities: [Int: PartitionActivity] = [:]
    /// The user of each partition's `750` not yet followed by its `655`.
    private var openings: [Int: (user: Int, name: String?)] = [:]

    /// `event`, with the user or the zones added when it is a `655` or a `654` that lacks them.
    mutating func detail(_ event: AlarmEvent) -> AlarmEvent {
        guard let partition = event.partition else { return event }
        _ = activities[partition, default: PartitionActivity()].apply(event)
        var event = event
        switch event.code {
        case "750":
            openings[partition] = event.user.map { ($0, event.userName) }
        case "751":
            openings[partition] = nil
        case "655":
            guard let opening = openings.removeValue(forKey: partition), event.user == nil else { break }
            event.user = opening.user
            event.userName = opening.name
            event.message += " by " + PartitionActivity.User.text(number: opening.user, name: opening.name)
        case "654":
            let zones = activities[partition]?.alarmMemory ?? []
            guard let first = zones.first, event.zone == nil else { break }
            event.zone = first.number
            event.zoneName = first.name
            event.message += ": " + zones.map(\.text).joined(separator: ", ")
        default:
            break
        }
        return event
    }
}
