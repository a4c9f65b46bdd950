/// The result of one delivery attempt, as the ledger records it.
public enum DeliveryStatus: String, Codable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The provider accepted the notification for the device. Final: never sent again.
    case delivered
    /// The provider refused it for a reason that retrying will not fix. Final.
    case failed
    /// The provider reported the token invalid and the device was removed. Final.
    case pruned
    /// Not delivered this time (throttled, provider unavailable, timeout): the job is retried later.
    case retrying

    public var description: String { rawValue }
}
