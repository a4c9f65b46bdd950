/// The kind of an alarm event: the original HowAlarming type vocabulary.
///
/// Consumers that act on types alone work with any alarm integrator; the `code`,
/// `message` and `raw` fields of an event carry the integrator-specific detail.
public enum EventType: String, Codable, Sendable, CaseIterable, Hashable {
    /// Echo of a command issued via the command tubes.
    case command
    /// Info or status message from the alarm.
    case info
    /// The alarm is now armed.
    case armed
    /// The alarm is now disarmed.
    case disarmed
    /// A response to a command (for example an acknowledgement or a refusal).
    case response
    /// An alarm has been triggered.
    case alarm
    /// An alarm or fault condition has recovered.
    case recovery
    /// A fault has occurred (power, phone line, panel link, …).
    case fault
    /// Anything the integrator could not classify.
    case unknown
}
