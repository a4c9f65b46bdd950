public import AlarmCore

/// The panel as the events tell it, one event at a time: each partition's state (and
/// ``PartitionActivity``: who armed or disarmed it, its alarm memory), each zone, the
/// troubles and the panel link. ``apply(_:)`` says what an event changed, so that a bridge
/// publishes changes only.
///
/// The rules are those of the command API's status (`docs/api.md`, "How the status is derived")
/// refined as the web console refines them (`Console/js/model.js`): exit and entry delays,
/// readiness, the arming mode, zone alarms and bypasses. Like the status, an event never
/// overwrites what a later event (higher `sequence`) of the same `source` said about the same fact
/// (a partition's arming, delay or readiness; a zone's open, alarm, tamper or fault flag; the
/// bypass report; a trouble; the link), so a retried or duplicated job changes nothing, and events
/// of one source arriving in any order end in the state their order gives. Unknown codes change
/// nothing.
public struct PanelState: Sendable {
    var partitionRecords: [Int: PartitionRecord] = [:]
    var zoneRecords: [Int: ZoneRecord] = [:]
    var bypassStamp: EventStamp?
    var troubleRecords: [Trouble: (active: Bool, stamp: EventStamp)] = [:]
    var linkRecord: (up: Bool, stamp: EventStamp)?
    /// Who armed or disarmed each partition last, and its alarm memory, by partition number.
    public internal(set) var activities: [Int: PartitionActivity] = [:]

    /// Nothing known yet.
    public init() {}

    /// Each partition seen in an event, by number.
    public var partitions: [Int: PartitionState] { partitionRecords.mapValues(\.state) }
    /// Each zone an event said something about, by number.
    public var zones: [Int: ZoneState] { zoneRecords.mapValues(\.state) }
    /// Each trouble an event reported, active (`true`) or ended.
    public var troubles: [Trouble: Bool] { troubleRecords.mapValues(\.active) }
    /// Whether the panel link is up; `nil` before the first event that says.
    public var linkUp: Bool? { linkRecord?.up }

    /// Everything known, as the changes that would bring an empty state here: partitions, zones
    /// and troubles in order, then the link. For publishing the whole state again.
    public var current: [PanelChange] {
        partitions.sorted { $0.key < $1.key }.map { .partition($0.key, $0.value) }
            + zones.sorted { $0.key < $1.key }.map { .zone($0.key, $0.value) }
            + Trouble.allCases.compactMap { trouble in troubles[trouble].map { .trouble(trouble, active: $0) } }
            + (linkUp.map { [.link(up: $0)] } ?? [])
    }

    /// Takes `event` into account and returns what it changed, in the order partition, zones,
    /// troubles, link; empty when it changed nothing (a repeat, a late copy, an unknown code).
    public mutating func apply(_ event: AlarmEvent) -> [PanelChange] {
        let stamp = EventStamp(event)
        return applyPartition(event, stamp: stamp) + applyZones(event, stamp: stamp)
            + applyTroubles(event, stamp: stamp) + applyLink(event, stamp: stamp)
    }
}
