/// The keypad keys that turn a partition's door chime on or off, and when they have done so.
///
/// The keypad's `*4` *toggles* the chime, and the panel answers with `663` (chime on) or `664`
/// (chime off) for the partition. So the keys depend on the chime's state: ``next(asked:state:toggles:)``
/// says, from the last report (or none), whether the chime is as asked, needs `*4`, or cannot be set.
public enum ChimeKeys {
    /// The keys that toggle the chime.
    public static let toggle = "*4"
    /// The most `*4` one command sends: when the state was unknown (or out of date), the first
    /// may turn the chime the wrong way, and a second then turns it back.
    public static let maximumToggles = 2

    /// What to do next.
    public enum Step: Sendable, Hashable {
        /// The chime is as asked: nothing more to send.
        case done
        /// Send ``toggle`` and wait for the panel's report.
        case toggle
        /// Still not as asked after ``maximumToggles``: give up.
        case failed
    }

    /// The `071` key string that toggles `partition`'s chime.
    public static func command(partition: Int) -> PanelCommand {
        .keyString(partition: partition, keys: toggle)
    }

    /// The next step to make the chime `asked`, when the panel last reported `state` (`nil`: no
    /// report known) and this command has sent `toggles` `*4` so far.
    public static func next(asked: Bool, state: Bool?, toggles: Int) -> Step {
        if state == asked { return .done }
        return toggles < maximumToggles ? .toggle : .failed
    }
}
