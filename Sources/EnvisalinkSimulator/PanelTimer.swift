/// The panel's timers.
enum PanelTimer: Sendable, Hashable {
    /// The exit delay of a partition is over: it arms.
    case exitDelay(partition: Int)
    /// The entry delay of a partition is over: it goes into alarm.
    case entryDelay(partition: Int)
    /// The window for a `200` after a `900` has closed.
    case codeWindow
    /// Time for the next `550` time broadcast.
    case timeBroadcast
    /// Time to repeat `849` (verbose trouble).
    case troubleRepeat
}
