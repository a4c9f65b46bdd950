import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The event that announces an acknowledgement on every event tube: type `info`, code
/// `acknowledged` (docs/event-format.md, "Acknowledgements").
enum AcknowledgementEvent {
    /// The event's `code`.
    static let code = "acknowledged"
    /// The event's `source`.
    static let source = "howalarming-command"

    /// The announcement that `by` acknowledged `event` at `time` (Unix ms): `message`
    /// "Anna's iPhone acknowledged the alarm: Zone alarm: Front door", `raw` the acknowledged
    /// event's id, its partition and zone, and an `id` derived from both (the same on a repeat,
    /// so consumers drop a second copy).
    static func make(acknowledging event: AlarmEvent, by: Acknowledger, time: Int64) -> AlarmEvent {
        let eventID = event.stableID.uuidString.lowercased()
        let what = event.message.isEmpty ? "" : ": \(event.message)"
        return AlarmEvent(
            type: .info, code: code, message: "\(by.displayName) acknowledged the \(event.type.rawValue)\(what)",
            raw: eventID, timestamp: time / 1000,
            id: NameBasedUUID.version5(namespace: event.stableID, name: Array("\(code):\(by.key)".utf8)),
            source: source, partition: event.partition, zone: event.zone, zoneName: event.zoneName)
    }
}
