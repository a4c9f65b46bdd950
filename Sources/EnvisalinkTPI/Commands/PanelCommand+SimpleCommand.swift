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
    /// | `disarm` | `040` disarm with `accessCode` |
    /// | `fire`, `medical`, `police` | `060` panic `1`, `2`, `3` |
    /// | `bypass`, `unbypass` | none: several `071` key strings (``BypassKeys``) |
    /// | `chime_on`, `chime_off` | none: `071` `*4`, once or twice (``ChimeKeys``) |
    ///
    /// `partition` defaults to 1; `status` and the panics ignore it. `accessCode` is the code
    /// to disarm with: the one typed for the command, else the configured master code. Throws
    /// when the result cannot be encoded: a partition outside 1–8, or `disarm` with no access
    /// code or one that is not 4–6 digits (the error never contains the code).
    public init(simple: SimpleCommand, partition: Int?, accessCode: String?) throws(CommandError) {
        let partition = partition ?? 1
        switch simple {
        case .status: self = .statusReport
        case .arm, .armAway: self = .armAway(partition: partition)
        case .armStay: self = .armStay(partition: partition)
        case .armInstant: self = .armZeroEntry(partition: partition)
        case .disarm:
            guard let accessCode else {
                throw CommandError("disarm needs an access code: the command has none, and no master code is configured")
            }
            self = .disarm(partition: partition, code: accessCode)
        case .fire: self = .panic(.fire)
        case .medical: self = .panic(.ambulance)
        case .police: self = .panic(.police)
        case .bypass, .unbypass:
            throw CommandError("\(simple.rawValue) is a series of keypad keys, not one panel command (see BypassKeys)")
        case .chimeOn, .chimeOff:
            throw CommandError("\(simple.rawValue) is keypad keys that depend on the panel's answer, not one panel command (see ChimeKeys)")
        }
        _ = try frame()
    }
}
