public import AlarmCore

/// Told of every delivery outcome the dispatcher records and of every change it makes to the
/// registry: what the push consumer's reports are made from.
///
/// Called on the sending path, so implementations must return at once (queue the work) and
/// must never fail a delivery: the ledger is the truth, reports are a view of it.
public protocol DeliveryObserver: Sendable {
    /// `attempt` (for an event of type `eventType`) is now in the ledger.
    func recorded(_ attempt: DeliveryAttempt, eventType: EventType)
    /// A device was pruned from the registry.
    func registryChanged()
}
