/// What a consumer's handler decided about one job; the runtime carries it out.
public enum JobOutcome: Sendable, Hashable {
    /// Handled: the job is deleted.
    case done
    /// Not handled this time: the job is released and reserved again after `after`
    /// (or the runtime's exponential backoff when `nil`). After the configured number
    /// of attempts the job is buried instead.
    case retry(after: Duration? = nil)
    /// Cannot be handled: the job is buried for an operator to inspect
    /// (`howalarming peek TUBE --buried`), and `reason` is logged.
    case bury(reason: String)
}
