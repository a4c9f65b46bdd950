/// What to do with an event's job once every send of this run has an outcome. Pure.
///
/// Devices that ``FanOutPlan`` skipped (finished before, provider not configured) need no
/// outcome. See ``FanOutPlan`` for why this gives one delivery per device.
public enum JobCompletion: Sendable, Hashable {
    /// Every device has a final outcome: delete the job.
    case delete
    /// Some devices must be tried again: release the job after the shortest wait any of them
    /// needs, so that none waits for another's: `nil` (the runtime's backoff, which is short)
    /// when one of them asked for no particular wait, else the shortest of their waits. A device
    /// of a halted provider waits for the rest of the halt, but never past the notification's
    /// deadline. The next run skips the devices finished in this one.
    case release(after: Duration?)
    /// The notification's deadline passed before these devices got it: it is not sent any
    /// more. The job should be buried, for an operator to see.
    case expired(devices: Int)

    /// The completion for `outcomes`: ``release(after:)`` if any device must be tried again,
    /// else ``delete``.
    public init(outcomes: some Sequence<DeviceOutcome>) {
        var retry = false
        var backoff = false
        var shortest: Duration?
        for case .retryLater(let after) in outcomes {
            retry = true
            if let after { shortest = min(shortest ?? after, after) } else { backoff = true }
        }
        self = retry ? .release(after: backoff ? nil : shortest) : .delete
    }
}
