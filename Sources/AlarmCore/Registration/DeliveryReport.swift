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
    /// The SHA-256 (base64url, 43 characters) of the acknowledgement token this attempt's
    /// notification carried (alarms and escalations only): what the command API checks an acknowledgement against.
    public var ackTokenHash: String?

    /// A report; `reason` and `ackTokenHash` default to none.
    public init(
        eventID: UUID, eventType: EventType, device: DeviceID, status: DeliveryStatus, reason: String? = nil,
        attempts: Int, time: Int64, ackTokenHash: String? = nil
    ) {
        self.eventID = eventID
        self.eventType = eventType
        self.device = device
        self.status = status
        self.reason = reason
        self.attempts = attempts
        self.time = time
        self.ackTokenHash = ackTokenHash
    }

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id"
        case eventType = "event_type"
        case ackTokenHash = "ack_token_sha256"
        case device, status, reason, attempts, time
    }

    /// Reads the report's fields; an `ack_token_sha256` must be a SHA-256 in base64url.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        eventID = try container.decode(UUID.self, forKey: .eventID)
        eventType = try container.decode(EventType.self, forKey: .eventType)
        device = try container.decode(DeviceID.self, forKey: .device)
        status = try container.decode(DeliveryStatus.self, forKey: .status)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        attempts = try container.decode(Int.self, forKey: .attempts)
        time = try container.decode(Int64.self, forKey: .time)
        ackTokenHash = try container.decodeIfPresent(String.self, forKey: .ackTokenHash)
        if let ackTokenHash, !Self.isSHA256(ackTokenHash) {
            throw DecodingError.dataCorruptedError(
                forKey: .ackTokenHash, in: container, debugDescription: "must be a SHA-256 in base64url (43 characters)")
        }
    }

    /// Whether `text` is 32 bytes in unpadded base64url.
    private static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 43 && Base64URL.decode(text)?.count == 32
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
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
        try container.encodeIfPresent(ackTokenHash, forKey: .ackTokenHash)
    }
}
