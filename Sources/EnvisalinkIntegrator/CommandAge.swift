/// How old a queued command is, measured against `command_max_age`.
///
/// The age is the job's own age in the queue (beanstalkd's `age`, which releases and kicks do
/// not reset), tightened by the command's `timestamp` when that says it is older:
/// `age = max(queue age, now − timestamp)`, a timestamp in the future counting as now. The queue
/// age cannot be fooled by a producer's clock, so a command without `timestamp` (the plain-string
/// form) or stamped by a clock running ahead still expires; the timestamp adds only what the queue
/// cannot see (a command issued, then put late). So no command is ever carried out later than
/// `command_max_age` after it was put, nor after it was issued by a producer whose clock is right.
/// A producer whose clock is behind by more than `command_max_age` gets its commands refused,
/// with a response saying its clock may be behind — never one sent late.
struct CommandAge: Sendable, Equatable {
    /// Whole seconds since the job was put.
    let queued: Int64
    /// Whole seconds since the command's `timestamp`, at least 0; `nil` without a timestamp.
    let issued: Int64?

    init(queued: Duration, timestamp: Int64?, now: Int64) {
        self.queued = queued.components.seconds
        issued = timestamp.map { max(0, now - $0) }
    }

    /// The age that counts, in whole seconds.
    var seconds: Int64 { max(queued, issued ?? 0) }

    /// Whether the command is too old for `limit`. Both ages are whole seconds rounded down, so
    /// an age equal to the limit already counts as too old: the command may be up to a second older.
    func exceeds(_ limit: Duration) -> Bool {
        seconds >= limit.components.seconds
    }

    /// Why the command is too old for `limit`, for the `expired` response.
    func refusal(limit: Duration) -> String {
        let allowed = "longer than the \(limit.components.seconds) s allowed"
        guard let issued, issued > queued else {
            return "Command refused: it waited \(queued) s in the queue, \(allowed)"
        }
        return "Command refused: its timestamp says it was issued \(issued) s ago (\(queued) s in the queue), \(allowed)"
            + (issued - queued > 5 ? "; if it was queued at once, the clock of its producer is behind" : "")
    }
}
