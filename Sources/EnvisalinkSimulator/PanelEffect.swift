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
