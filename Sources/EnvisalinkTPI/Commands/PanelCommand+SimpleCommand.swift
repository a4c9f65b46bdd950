public import AlarmCore

extension PanelCommand {
    /// The panel command for a simple command from the command queue.
    ///
    /// | simple command | panel command |
    /// |---|---|
    /// | `status` | `001` status report |
    /// | `arm`, `arm_away` | `030` arm away |
    /// | `arm_stay` | `031` arm stay |
    /// | `arm_instant` | `032` arm with no entry delay |
    /// | `disarm` | `040` disarm with `masterCode` |
    /// | `fire`, `medical`, `police` | `060` panic `1`, `2`, `3` |
    ///
    /// `partition` defaults to 1; `status` and the panics ignore it. Throws when the result
    /// cannot be encoded: a partition outside 1–8, or `disarm` with no master code configured
    /// or one that is not 4–6 digits (the error never contains the code).
    public init(simple: SimpleCommand, partition: Int?, masterCode: String?) throws(CommandError) {
        let partition = partition ?? 1
        switch simple {
        case .status: self = .statusReport
        case .arm, .armAway: self = .armAway(partition: partition)
        case .armStay: self = .armStay(partition: partition)
        case .armInstant: self = .armZeroEntry(partition: partition)
        case .disarm:
            guard let masterCode else { throw CommandError("disarm needs the master code, and none is configured") }
            self = .disarm(partition: partition, code: masterCode)
        case .fire: self = .panic(.fire)
        case .medical: self = .panic(.ambulance)
        case .police: self = .panic(.police)
        }
        _ = try frame()
    }
}
