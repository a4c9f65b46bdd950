import AlarmCore

/// What the events say about one zone, with the stamp of the event that last set each flag.
struct ZoneRecord: Sendable {
    var state: ZoneState
    var stamps: [String: EventStamp] = [:]
}

extension PanelState {
    /// The zone flag (by name, and the stamp's key) each code sets or clears.
    static let zoneEffects: [String: (name: String, flag: any WritableKeyPath<ZoneState, Bool> & Sendable, value: Bool)] = [
        "609": ("open", \.open, true), "610": ("open", \.open, false),
        "601": ("alarm", \.alarm, true), "602": ("alarm", \.alarm, false),
        "603": ("tamper", \.tamper, true), "604": ("tamper", \.tamper, false),
        "605": ("fault", \.fault, true), "606": ("fault", \.fault, false),
    ]
    /// The bypassed zones report. Its stamp is one for all zones: each report lists them all.
    static let bypassCode = "616"

    mutating func applyZones(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        if event.code == Self.bypassCode, event.type == .info, let bypassed = Self.bypassedZones(raw: event.raw) {
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

    /// The zones marked in a `616` report's `raw` (`616 0100…`: byte n, bit b is zone 8n+b+1);
    /// `nil` when it holds no whole hex bytes.
    static func bypassedZones(raw: String) -> Set<Int>? {
        let parts = raw.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[1].utf8.count.isMultiple(of: 2) else { return nil }
        let hex = Array(parts[1].utf8)
        var zones: Set<Int> = []
        for byte in 0..<(hex.count / 2) {
            guard let bits = UInt8(String(decoding: hex[(byte * 2)..<(byte * 2 + 2)], as: UTF8.self), radix: 16) else { return nil }
            for bit in 0..<8 where bits & (1 << bit) != 0 { zones.insert(byte * 8 + bit + 1) }
        }
        return zones.filter(FormatLimits.zones.contains)
    }
}
