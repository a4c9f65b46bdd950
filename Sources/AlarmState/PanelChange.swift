/// One thing that an event changed in a ``PanelState``, with its new value: what a bridge
/// publishes.
public enum PanelChange: Sendable, Hashable {
    /// The partition's state is now this.
    case partition(Int, PartitionState)
    /// The zone is now in this state.
    case zone(Int, ZoneState)
    /// The trouble began (`active`) or ended.
    case trouble(Trouble, active: Bool)
    /// The panel link (the integrator's connection to the panel) came up or went down.
    case link(up: Bool)
}
