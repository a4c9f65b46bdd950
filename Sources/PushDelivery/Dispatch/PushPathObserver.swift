public import AlarmCore

/// Told of what people must hear about the push path itself: a provider that stopped sending
/// because it refuses our credentials or configuration, the same provider sending again, and a
/// phone pruned because its provider says the token is dead.
///
/// Called on the sending path, so implementations must return at once (queue the work).
public protocol PushPathObserver: Sendable {
    /// `provider` halted: it refuses our credentials or configuration (`reason`, the provider's
    /// word, never a secret), and nothing goes through it until it delivers again; notifications
    /// to `heldDevices` devices wait in their jobs. Told once per halt, not on every refusal while
    /// it lasts.
    func providerHalted(_ provider: PushProvider, reason: String, heldDevices: Int)
    /// `provider`, halted for `reason`, delivered a notification again.
    func providerResumed(_ provider: PushProvider, haltedFor reason: String)
    /// `device` was removed from the registry because its provider said its token is dead (`reason`).
    func devicePruned(_ device: RegisteredDevice, reason: String)
}
