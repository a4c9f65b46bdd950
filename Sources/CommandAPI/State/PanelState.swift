public import AlarmCore

/// The alarm's current state as the consumed events tell it: each partition's arming state (and
/// ``PartitionActivity``: who armed or disarmed it last, its alarm memory), the zones, the
/// troubles and the panel link.
///
/// It is built by ``apply(_:)``, one event at a time, in the order the events arrive, with one
/// exception: an event never overwrites what a later event (higher `sequence`) of the same
/// `source` said about the same thing, so a retried job cannot roll the state back. Which events
/// change what is documented in `docs/api.md` ("How the status is derived").
///
/// Pure and `Codable`: the store keeps it next to the events, so it survives restarts and
/// outlives the events' retention.
public struct PanelState: Sendable, Hashable, Codable {
    /// Each partition seen in an event, by number.
    public internal(set) var partitions: [Int: Fact<ArmingState>] = [:]
    /// Each zone seen opening or closing, by number.
    public internal(set) var zones: [Int: Fact<ZoneFact>] = [:]
    /// Each trouble seen, active or ended; `nil` in a state stored before troubles were kept by
    /// name (``troubles``: the troubles of such a state are known again from the next trouble
    /// events and the panel's next verbose trouble status, `849`).
    var troubleRecords: [TroubleKey: Fact<TroubleFact>]?
    /// The panel link, `nil` before the first link event.
    public internal(set) var link: Fact<LinkState>?
    /// Who armed or disarmed each partition last, and its alarm memory; `nil` in a state stored
    /// before they were kept (``activities``).
    var activityRecords: [Int: PartitionActivity]?
    /// The zones the panel's last bypass report (`616`) listed, in order; `nil` before the first.
    public internal(set) var bypassedZones: Fact<[Int]>?

    /// No events yet: everything unknown.
    public init() {}

    /// Each trouble seen, active or ended.
    public var troubles: [TroubleKey: Fact<TroubleFact>] { troubleRecords ?? [:] }

    /// Who armed or disarmed each partition last, and its alarm memory, by partition number.
    public var activities: [Int: PartitionActivity] { activityRecords ?? [:] }

    /// The zones that are open, by number.
    public var openZones: [(zone: Int, fact: Fact<ZoneFact>)] {
        zones.filter(\.value.value.open).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The troubles that are active, in ``Trouble``'s order, then by partition and zone.
    public var activeTroubles: [(key: TroubleKey, fact: Fact<TroubleFact>)] {
        troubles.filter(\.value.value.active).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
