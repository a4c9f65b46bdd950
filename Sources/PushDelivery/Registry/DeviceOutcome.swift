/// How one device fared in one run of a job: the input of ``JobCompletion``.
public enum DeviceOutcome: Sendable, Hashable {
    /// The provider accepted the notification.
    case delivered
    /// The token was reported invalid; the device was pruned (or kept because it re-registered).
    case pruned
    /// A permanent failure for this device and event (bad payload, too many attempts …).
    case failed
    /// A temporary failure: try again, after `after` when the provider said so (`Retry-After`),
    /// else after the runtime's backoff.
    case retryLater(after: Duration?)
    /// A fault that hits every send (rejected credentials, wrong topic …): stop, do not retry.
    case halted(reason: String)

    /// Whether the device is done with the event (delivered, pruned or refused).
    public var isFinal: Bool {
        switch self {
        case .delivered, .pruned, .failed: true
        case .retryLater, .halted: false
        }
    }
}
