import AlarmCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An event in API answers: the fields of the event format (`docs/event-format.md`), those not
/// set left out.
struct EventDocument: Encodable {
    let type: String
    let code: String
    let message: String
    let raw: String
    let timestamp: Int64
    let id: String?
    let source: String?
    let sequence: UInt64?
    let partition: Int?
    let zone: Int?
    let zoneName: String?
    let user: Int?
    let userName: String?
    let commandID: String?

    enum CodingKeys: String, CodingKey {
        case type, code, message, raw, timestamp, id, source, sequence, partition, zone, user
        case zoneName = "zone_name"
        case userName = "user_name"
        case commandID = "command_id"
    }

    init(_ event: AlarmEvent) {
        type = event.type.rawValue
        code = event.code
        message = event.message
        raw = event.raw
        timestamp = event.timestamp
        id = event.id?.uuidString.lowercased()
        source = event.source
        sequence = event.sequence
        partition = event.partition
        zone = event.zone
        zoneName = event.zoneName
        user = event.user
        userName = event.userName
        commandID = event.commandID?.uuidString.lowercased()
    }
}

/// A stored event in API answers: `{"cursor": 42, "event": {…}}`.
struct StoredEventDocument: Encodable {
    let cursor: Int64
    let event: EventDocument

    init(_ stored: StoredEvent) {
        cursor = stored.cursor
        event = EventDocument(stored.event)
    }
}
