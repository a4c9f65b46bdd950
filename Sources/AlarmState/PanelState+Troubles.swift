import AlarmCore

extension PanelState {
    /// Applies the panel's troubles `event` begins or ends (``TroubleChange/changes(of:)``; a
    /// zone's own troubles are the zone's flags, not these).
    mutating func applyTroubles(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        TroubleChange.changes(of: event).filter { $0.zone == nil }.compactMap { change in
            let (trouble, active) = (change.trouble, change.active)
            guard let record = troubleRecords[trouble] else {
                troubleRecords[trouble] = (active, stamp)
                return .trouble(trouble, active: active)
            }
            guard stamp.supersedes(record.stamp) else { return nil }
            troubleRecords[trouble] = (active, stamp)
            return record.active == active ? nil : .trouble(trouble, active: active)
        }
    }
}
