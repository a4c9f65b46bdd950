public import AlarmCore
import AlarmState

extension PanelState {
    /// The partition that events without one concern (the panel's first, as for commands).
    static let defaultPartition = 1
    /// Alarm codes that put a partition in alarm: `654` (partition in alarm), `601` (zone alarm).
    static let partitionAlarmCodes: Set<String> = ["601", "654"]
    /// Codes the panel sends only for a disarmed partition: `650` ready, `651` not ready (a zone is
    /// open), `653` ready to force-arm. They answer the status request the integrator makes after
    /// every login, so the state is known without waiting for someone to arm or disarm.
    static let disarmedPartitionCodes: Set<String> = ["650", "651", "653"]
    /// The message of the link state that panel messages imply.
    static let panelTalkingMessage = "Panel link up: panel messages arriving"
    /// The code of the integrator's panel link `fault` and `recovery` events.
    static let linkCode = "link"

    /// Takes `event` into account.
    ///
    /// - `armed` / `disarmed` events, `alarm` events with code `601` or `654`, and the partition
    ///   ready codes (`650`, `651`, `653`: disarmed) set the arming state of their partition
    ///   (partition 1 when they name none).
    /// - Any other event with a partition makes that partition known (state `unknown` until an
    ///   arming event arrives).
    /// - `700` / `750` say who armed / disarmed their partition; `601` / `603` add their zone to
    ///   its alarm memory, which arming again clears (``PartitionActivity``).
    /// - `609` opens its zone, `610` closes it; a bypass report (`616`) gives the bypassed zones.
    /// - Troubles begin and end as ``TroubleChange/changes(of:)`` says (the one table, shared with
    ///   the MQTT bridge): by name, with the event's partition and the zone of a zone's own trouble;
    ///   a verbose trouble status (`849`) sets each of its eight troubles.
    /// - `fault` / `recovery` with code `link` take the panel link down / up; any message from the
    ///   panel (a 3-digit code) brings it up when it was not.
    public mutating func apply(_ event: AlarmEvent) {
        let stamp = EventStamp(event)
        func fact<Value>(_ value: Value, stamp: EventStamp = stamp) -> Fact<Value> {
            Fact(value: value, since: event.timestamp, message: event.message, stamp: stamp)
        }
        if let arming = Self.arming(of: event) {
            let partition = event.partition ?? Self.defaultPartition
            if stamp.supersedes(partitions[partition]?.stamp) { partitions[partition] = fact(arming) }
        } else if let partition = event.partition, partitions[partition] == nil {
            // Unordered: any arming event, even an older one, says more than "seen".
            partitions[partition] = fact(.unknown, stamp: .unordered)
        }
        let partition = event.partition ?? Self.defaultPartition
        var activity = activities[partition] ?? PartitionActivity()
        if activity.apply(event) {
            var records = activities
            records[partition] = activity
            activityRecords = records
        }
        if let zone = event.zone, let open = Self.zoneOpening(of: event), stamp.supersedes(zones[zone]?.stamp) {
            zones[zone] = fact(ZoneFact(open: open, name: event.zoneName, partition: event.partition))
        }
        if let bypassed = event.bypassedZones, stamp.supersedes(bypassedZones?.stamp) {
            bypassedZones = fact(bypassed.sorted())
        }
        let troubleChanges = TroubleChange.changes(of: event)
        if !troubleChanges.isEmpty {
            var records = troubles
            for change in troubleChanges {
                let key = TroubleKey(change.trouble, partition: event.partition, zone: change.zone)
                if stamp.supersedes(records[key]?.stamp) { records[key] = fact(TroubleFact(active: change.active, code: event.code)) }
            }
            troubleRecords = records
        }
        if let state = Self.linkState(of: event), stamp.supersedes(link?.stamp) {
            link = fact(state)
        } else if event.isFromThePanel, link?.value != .up, stamp.supersedes(link?.stamp) {
            link = Fact(value: .up, since: event.timestamp, message: Self.panelTalkingMessage, stamp: stamp)
        }
    }

    /// The arming state `event` sets for its partition, `nil` when it sets none.
    static func arming(of event: AlarmEvent) -> ArmingState? {
        switch event.type {
        case .armed: .armed
        case .disarmed: .disarmed
        case .alarm where partitionAlarmCodes.contains(event.code): .alarm
        case .info where disarmedPartitionCodes.contains(event.code): .disarmed
        default: nil
        }
    }

    private static func zoneOpening(of event: AlarmEvent) -> Bool? {
        switch event.code {
        case "609": true
        case "610": false
        default: nil
        }
    }

    private static func linkState(of event: AlarmEvent) -> LinkState? {
        guard event.code == linkCode else { return nil }
        switch event.type {
        case .fault: return .down
        case .recovery: return .up
        default: return nil
        }
    }
}
