/// What to do with an event's job once every send of this run has an outcome. Pure.
///
/// Devices that ``FanOutPlan`` skipped (delivered before, provider not configured) are final
/// already and need no outcome. See ``FanOutPlan`` for why this gives one delivery per device.
public enum JobCompletion: Sendable, Hashable {
    /// Every device has a final outcome: delete the job.
    case delete
    /// Some devices must be tried again: release the job with this delay (the longest
    /// `Retry-After` among them), or with the runtime's backoff when `nil`. The next run skips
    /// the devices delivered in this one.
    case release(after: Duration?)
    /// A credential or configuration fault: stop consuming and alert an operator. The job must
    /// not be deleted or buried, and no device is pruned for it.
    case halt(reason: String)
    /// The notification's deadline passed before these devices got it: it is not sent any
    /// more. The job should be buried, for an operator to see.
    case expired(devices: Int)

    /// The completion for `outcomes`: ``halt(reason:)`` if any device halted (the first reason),
    /// else ``release(after:)`` if any must be retried, else ``delete``.
    public init(outcomes: some Sequence<DeviceOutcome>) {
        var retry = false
        var delay: Duration?
        for outcome in outcomes {
            switch outcome {
            case .delivered, .pruned, .failed:
                continue
            case .retryLater(let after):
                retry = true
                if let after { delay = max(delay ?? after, after) }
            case .halted(let reason):
                self = .halt(reason: reason)
                return
            }
        }
        self = retry ? .release(after: delay) : .delete
    }
}
