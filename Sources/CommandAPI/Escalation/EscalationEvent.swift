import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The event of one escalation step: type `info`, code `escalation` (docs/event-format.md,
/// "Escalation").
enum EscalationEvent {
    /// The event's `code`.
    static let code = "escalation"
    /// The event's `source`.
    static let source = "howalarming-command"

    /// Step `step` of `limit` for `alarm`, made at `time` (Unix ms), `seconds` after the alarm:
    /// `message` "Alarm not acknowledged after 60 s (escalation 1 of 5): Zone alarm: Front door",
    /// `raw` the alarm's id, the alarm's partition and zone, and an `id` derived from both (the
    /// same when a step is made again after a crash, so consumers drop the second copy).
    static func make(escalating alarm: AlarmEvent, step: Int, limit: Int, seconds: Int64, time: Int64) -> AlarmEvent {
        let what = alarm.message.isEmpty ? "" : ": \(alarm.message)"
        return AlarmEvent(
            type: .info, code: code,
            message: "Alarm not acknowledged after \(seconds) s (escalation \(step) of \(limit))\(what)",
            raw: alarm.stableID.uuidString.lowercased(), timestamp: time / 1000, id: id(of: step, escalating: alarm.stableID),
            source: source, partition: alarm.partition, zone: alarm.zone, zoneName: alarm.zoneName)
    }

    /// The `id` of step `step` of the alarm with id `alarm`.
    static func id(of step: Int, escalating alarm: UUID) -> UUID {
        NameBasedUUID.version5(namespace: alarm, name: Array("\(code):\(step)".utf8))
    }
}
