#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What became of one event's notification for one device, after an attempt.
public struct DeliveryReport: Sendable, Hashable, Codable {
    /// The event (its ``AlarmEvent/stableID``).
    public var eventID: UUID
    /// The event's type.
    public var eventType: EventType
    /// The device.
    public var device: DeviceID
    /// The outcome of the attempt.
    public var status: DeliveryStatus
    /// Why the attempt failed or will be retried; `nil` when delivered.
    public var reason: String?
    /// How many attempts were made for this event and device so far.
    public var attempts: Int
    /// When the outcome was known, in Unix milliseconds.
    public var time: Int64

    /// A report; `reason` defaults to none.
    public init(
        eventID: UUID, eventType: EventType, device: DeviceID, status: DeliveryStatus, reason: String? = nil,
        attempts: Int, time: Int64
    ) {
        self.eventID = eventID
        self.eventType = eventType
        self.device = device
        self.status = status
        self.reason = reason
        self.attempts = attempts
        self.time = time
    }

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case eventType = "event_type"
        case device, status, reason, attempts, time
    }

    /// Writes the report's fields, the event id in lower case as the event format writes UUIDs.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventID.uuidString.lowercased(), forKey: .eventID)
        try container.encode(eventType, forKey: .eventType)
        try container.encode(device, forKey: .device)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(time, forKey: .time)
    }
}
