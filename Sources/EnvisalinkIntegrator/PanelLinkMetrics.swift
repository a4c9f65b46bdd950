import CoreMetrics

/// The panel link's metrics, through swift-metrics (docs/operations.md): whether the session is
/// logged in, and how often the link was tried again.
struct PanelLinkMetrics: Sendable {
    /// 1 while the session is logged in, 0 otherwise.
    static let linkUpName = "howalarming_envisalink_link_up"
    /// Connections tried again after the link went down or could not come up.
    static let reconnectsName = "howalarming_envisalink_reconnects_total"

    private let up = Gauge(label: linkUpName)
    private let reconnects = Counter(label: reconnectsName)

    /// The metrics, with the link down.
    init() {
        up.record(0)
    }

    /// The session logged in (`true`) or the link went down.
    func linkChanged(up isUp: Bool) {
        up.record(isUp ? 1 : 0)
    }

    /// The link is about to be tried again.
    func reconnecting() {
        reconnects.increment()
    }
}
