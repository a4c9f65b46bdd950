import AlarmCore

/// What the events say about one zone, with the stamp of the event that last set each flag.
struct ZoneRecord: Sendable {
    var state: ZoneState
    var stamps: [String: EventStamp] = [:]
}

extension PanelState {
    /// The partitions that have a bypassed zone, as far as the events named the zones' partitions
    /// (for a keypad's derived Bypass LED, ``PartitionActivity/keypadIndicators(bypass:)``).
    public var partitionsWithBypassedZones: Set<Int> {
        Set(zoneRecords.values.compactMap { $0.state.bypassed ? $0.state.partition : nil })
    }

    /// The zone flag (by name, and the stamp's key) each code sets or clears.
    static let zoneEffects: [String: (name: String, flag: any WritableKeyPath<ZoneState, Bool> & Sendable, value: Bool)] = [
        "609": ("open", \.open, true), "610": ("open", \.open, false),
        "601": ("alarm", \.alarm, true), "602": ("alarm", \.alarm, false),
        "603": ("tamper", \.tamper, true), "604": ("tamper", \.tamper, false),
        "605": ("fault", \.fault, true), "606": ("fault", \.fault, false),
    ]
    mutating func applyZones(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        // The bypassed zones report: its stamp is one for all zones, since each report lists them all.
        if let bypassed = event.bypassedZones {
            guard stamp.supersedes(bypassStamp) else { return [] }
            bypassStamp = stamp
            let numbers = Set(zoneRecords.keys).union(bypassed).sorted()
            return numbers.flatMap { number in
                update(zone: number, at: event.timestamp) { $0.state.bypassed = bypassed.contains(number) }
            }
        }
        guard let number = event.zone, let effect = Self.zoneEffects[event.code] else { return [] }
        guard stamp.supersedes(zoneRecords[number]?.stamps[effect.name]) else { return [] }
        return update(zone: number, at: event.timestamp) { record in
            record.stamps[effect.name] = stamp
            record.state[keyPath: effect.flag] = effect.value
            record.state.partition = event.partition ?? record.state.partition
        }
    }

    /// Changes zone `number` with `body`; a zone not known yet starts closed and clear. Only a
    /// change of its state moves `since`, and gives a change to publish.
    private mutating func update(zone number: Int, at timestamp: Int64, _ body: (inout ZoneRecord) -> Void) -> [PanelChange] {
        let before = zoneRecords[number]
        var record = before ?? ZoneRecord(state: ZoneState(since: timestamp))
        body(&record)
        if let before, before.state == record.state {
            zoneRecords[number] = record
            return []
        }
        record.state.since = timestamp
        zoneRecords[number] = record
        return [.zone(number, record.state)]
    }
}
