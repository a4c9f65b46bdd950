/// What a partition is doing, as the events tell it: the console's partition states
/// (`Console/js/model.js`), with the zero-entry arming modes kept apart.
public enum PartitionState: String, Sendable, Hashable, CaseIterable {
    /// Seen in events, but no arming event yet.
    case unknown
    /// Disarmed; whether it is ready to arm is not known.
    case disarmed
    /// Disarmed and ready to arm (`650`, `653`).
    case ready
    /// Disarmed with a zone open (`651`).
    case notReady = "not_ready"
    /// Arming: the exit delay runs (`656`).
    case exitDelay = "exit_delay"
    /// Armed, and an entry door opened: the entry delay runs (`657`).
    case entryDelay = "entry_delay"
    /// Armed stay: interior zones bypassed (`652` mode 1).
    case armedStay = "armed_stay"
    /// Armed away (`652` mode 0).
    case armedAway = "armed_away"
    /// Armed stay with no entry delay (`652` mode 3).
    case armedZeroEntryStay = "armed_zero_entry_stay"
    /// Armed away with no entry delay (`652` mode 2).
    case armedZeroEntryAway = "armed_zero_entry_away"
    /// Armed in a mode the event does not name.
    case armed
    /// In alarm, until disarmed or armed again (`654`, `601`).
    case alarm

    /// The name the web console shows it by (`partitionState` in `model.js`), which does not
    /// tell the zero-entry modes from the others.
    public var consoleName: String {
        switch self {
        case .armedZeroEntryStay: PartitionState.armedStay.rawValue
        case .armedZeroEntryAway: PartitionState.armedAway.rawValue
        default: rawValue
        }
    }
}
