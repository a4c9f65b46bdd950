package import AlarmCore
package import EnvisalinkTPI
import Testing

/// One line of the mapping table: a frame (code + data, no checksum), the message it decodes
/// to, and the event it maps to.
package struct MessageRow: Sendable, CustomTestStringConvertible {
    package let wire: String
    package let message: PanelMessage
    /// Whether the mapper leaves the message to the session (`sessionEvent` instead of `event`).
    package let isSession: Bool
    package let type: EventType
    package let text: String
    package var partition: Int?
    package var zone: Int?
    package var zoneName: String?
    package var user: Int?

    package var testDescription: String { wire }

    /// The zone names the table's mapper is configured with; other zones are unnamed.
    package static let zoneNames = [1: "Front door", 12: "Kitchen window"]

    /// A row whose message the mapper turns into an event.
    package static func event(
        _ wire: String, _ message: PanelMessage, _ type: EventType, _ text: String,
        partition: Int? = nil, zone: Int? = nil, zoneName: String? = nil, user: Int? = nil
    ) -> MessageRow {
        MessageRow(
            wire: wire, message: message, isSession: false, type: type, text: text,
            partition: partition, zone: zone, zoneName: zoneName, user: user)
    }

    /// A row whose message the mapper leaves to the session.
    package static func session(
        _ wire: String, _ message: PanelMessage, _ type: EventType, _ text: String, partition: Int? = nil
    ) -> MessageRow {
        MessageRow(wire: wire, message: message, isSession: true, type: type, text: text, partition: partition)
    }

    /// A partition-only status row: `Partition N <text>`.
    package static func partition(_ wire: String, _ status: PartitionStatus, _ type: EventType, _ text: String) -> MessageRow {
        let partition = Int(String(wire.dropFirst(3)))!
        return event(wire, .partition(status, partition: partition), type, "Partition \(partition) \(text)", partition: partition)
    }

    /// A zone row: `<what>: <zone name>`, with the zone's name from ``zoneNames`` or `zone NNN`.
    package static func zone(
        _ wire: String, _ message: PanelMessage, _ type: EventType, _ what: String, zone: Int, partition: Int? = nil
    ) -> MessageRow {
        let name = zoneNames[zone] ?? "zone " + String(String(zone + 1000).dropFirst())
        return event(wire, message, type, "\(what): \(name)", partition: partition, zone: zone, zoneName: name)
    }
}
