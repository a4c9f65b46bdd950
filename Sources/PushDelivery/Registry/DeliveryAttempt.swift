public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One attempt to deliver one event to one device: a row of the delivery ledger.
public struct DeliveryAttempt: Sendable, Hashable {
    /// The event's ``AlarmCore/AlarmEvent/id``.
    public var eventID: UUID
    /// The device the notification was for.
    public var device: DeviceToken
    /// The attempt number for this event and device, from 1.
    public var attempt: Int
    /// What happened.
    public var status: DeliveryStatus
    /// The provider's reason (for example `"Unregistered"` or `"QUOTA_EXCEEDED"`) or a local
    /// one (`"timeout"`); `nil` when delivered.
    public var reason: String?
    /// The provider's id for the message: the `apns-id` reply header, or FCM's message `name`.
    public var providerMessageID: String?
    /// From sending the request to its reply; `nil` when no reply came.
    public var latency: Duration?
    /// When the attempt was recorded.
    public var at: Date
    /// The ``AckToken/hash`` of the acknowledgement token the attempt's notification carried
    /// (alarms only), for the delivery report; not kept in the ledger, whose rows outlive it.
    public var ackTokenHash: String?

    /// An attempt; the optional details default to none.
    public init(
        eventID: UUID, device: DeviceToken, attempt: Int, status: DeliveryStatus, reason: String? = nil,
        providerMessageID: String? = nil, latency: Duration? = nil, at: Date
    ) {
        self.eventID = eventID
        self.device = device
        self.attempt = attempt
        self.status = status
        self.reason = reason
        self.providerMessageID = providerMessageID
        self.latency = latency
        self.at = at
    }
}
