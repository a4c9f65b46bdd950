import AlarmCore

extension PanelState {
    /// The code of the integrator's panel link `fault` (down) and `recovery` (up) events.
    static let linkCode = "link"

    mutating func applyLink(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        let up: Bool
        if event.code == Self.linkCode, event.type == .fault || event.type == .recovery {
            up = event.type == .recovery
        } else if event.isFromThePanel, linkRecord?.up != true {
            up = true
        } else {
            return []
        }
        guard stamp.supersedes(linkRecord?.stamp) else { return [] }
        let before = linkRecord?.up
        linkRecord = (up, stamp)
        return before == up ? [] : [.link(up: up)]
    }
}
