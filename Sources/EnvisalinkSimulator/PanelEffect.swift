import EnvisalinkTPI

/// What the panel model asks its host to do; the model itself never touches sockets or clocks.
enum PanelEffect: Sendable, Hashable {
    /// Send a frame to the logged-in client (dropped when there is none, as a real EVL does).
    case send(TPIFrame)
    /// Start (or restart) a timer; when it fires, the host calls ``PanelModel/timerFired(_:at:)``.
    case startTimer(PanelTimer, after: Duration)
    /// Cancel a timer that has not fired.
    case cancelTimer(PanelTimer)
}

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
