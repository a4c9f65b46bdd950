public import AlarmCore

/// When each step of an escalation is due: pure arithmetic on the policy
/// (`command.escalation`), in Unix milliseconds.
///
/// Step *n* (1…`limit`) is due `after` + (*n* − 1) × `repeat` seconds after the alarm was stored.
public struct EscalationSchedule: Sendable, Hashable {
    /// The policy.
    public let policy: EscalationConfig

    /// The schedule of `policy`.
    public init(policy: EscalationConfig) {
        self.policy = policy
    }

    /// When step `step` of an alarm stored at `start` is due.
    public func due(step: Int, start: Int64) -> Int64 {
        start + Int64(policy.after) * 1000 + Int64(step - 1) * Int64(policy.repeat) * 1000
    }

    /// The step that follows `made` steps, `nil` when the limit is reached.
    public func step(after made: Int) -> Int? {
        made < policy.limit ? made + 1 : nil
    }

    /// The step to make after `made` steps of an alarm stored at `start`: at `now` the last of
    /// those due (steps that fell due together, while the daemon was stopped, are one alert, not
    /// a burst), else the next one; `nil` at the limit.
    public func nextStep(after made: Int, start: Int64, now: Int64) -> Int? {
        guard var next = step(after: made) else { return nil }
        while let later = step(after: next), due(step: later, start: start) <= now { next = later }
        return next
    }

    /// When the last step of an alarm stored at `start` is due: an alarm found later than this
    /// (one stored while escalation was off) is not escalated any more.
    public func end(start: Int64) -> Int64 {
        due(step: policy.limit, start: start)
    }
}
