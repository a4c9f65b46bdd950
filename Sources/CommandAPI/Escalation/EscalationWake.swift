/// Wakes the ``EscalationService`` when something it acts on was stored: an alarm, a disarm, an
/// acknowledgement. Several wakes before it looks count as one; it reads what changed from the
/// database, so a wake carries nothing.
public final class EscalationWake: Sendable {
    let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A wake nobody has rung yet.
    public init() {
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the service to look again now.
    public func ring() {
        continuation.yield()
    }
}
