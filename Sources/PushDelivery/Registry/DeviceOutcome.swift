/// How one device fared in one run of a job: the input of ``JobCompletion``.
public enum DeviceOutcome: Sendable, Hashable {
    /// The provider accepted the notification.
    case delivered
    /// The token was reported invalid; the device was pruned (or kept because it re-registered).
    case pruned
    /// A permanent failure for this device and event (bad payload, too many attempts …).
    case failed
    /// Not done: try again after `after` (a provider's `Retry-After`, the rest of its provider's
    /// halt, the wait for an earlier event), or after the runtime's backoff when `nil`.
    case retryLater(after: Duration?)

    /// Whether the device is done with the event (delivered, pruned or refused).
    public var isFinal: Bool {
        switch self {
        case .delivered, .pruned, .failed: true
        case .retryLater: false
        }
    }
}
