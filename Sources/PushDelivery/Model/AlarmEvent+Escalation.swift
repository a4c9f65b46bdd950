public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension AlarmEvent {
    /// The `code` of an escalation: the `info` event `howalarming-command` puts when an alarm is
    /// not acknowledged in time, with the alarm's `id` as its `raw`.
    public static let escalationCode = "escalation"

    /// Whether this is an escalation, which every device gets as an alarm, whatever
    /// `push.triggers` says.
    public var isEscalation: Bool {
        type == .info && code == Self.escalationCode
    }

    /// The id of the alarm this escalation is about (its `raw`); `nil` for anything but an
    /// escalation, and for an escalation whose `raw` is not a UUID.
    public var escalatedAlarmID: UUID? {
        isEscalation ? UUID(uuidString: raw) : nil
    }

    /// Whether the notification is presented as an alarm: an alarm, or an escalation of one.
    var notifiesAsAlarm: Bool {
        type == .alarm || isEscalation
    }
}
