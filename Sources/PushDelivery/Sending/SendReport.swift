#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How one send to one device went.
public struct SendReport: Sendable, Hashable {
    /// What to do, as the provider's reply dictates for this device alone.
    public var outcome: DeliveryOutcome
    /// What to do if most of the event's devices got the same reply: differs from ``outcome``
    /// only for the replies that say the token belongs to another app or project (prune alone,
    /// halt when widespread: then the configuration is wrong, not the tokens).
    public var widespreadOutcome: DeliveryOutcome
    /// Since when the token is invalid, for pruning: the APNs 410 `timestamp`, else when the
    /// request was sent.
    public var invalidSince: Date
    /// From sending the request to reading the whole reply.
    public var latency: Duration
    /// The ``AckToken/hash`` of the acknowledgement token the notification carried (alarms and
    /// escalations only).
    public var ackTokenHash: String?

    /// A report; `widespreadOutcome` defaults to `outcome`.
    public init(
        outcome: DeliveryOutcome, widespreadOutcome: DeliveryOutcome? = nil, invalidSince: Date, latency: Duration
    ) {
        self.outcome = outcome
        self.widespreadOutcome = widespreadOutcome ?? outcome
        self.invalidSince = invalidSince
        self.latency = latency
    }

    /// Whether the outcome depends on how many devices got the same reply.
    public var dependsOnSpread: Bool { outcome != widespreadOutcome }
}
