import AlarmCore
import Beanstalk
import Logging

extension EventPublisher {
    /// Puts `event`, stamped once so that every try is the same event (same id), trying again
    /// after `backoff` until it is put or the process stops: a brief beanstalkd outage delays the
    /// event, never loses it. `what` names it in the log ("a push path event").
    ///
    /// - Returns: Whether it was put (`false`: the process is stopping).
    @discardableResult
    func publishUntilPut(_ event: AlarmEvent, what: String, backoff: Backoff, logger: Logger) async -> Bool {
        let event = await stamp(event)
        let failures = await untilDone(backoff: backoff) { error, failures in
            if failures == 1 {
                logger.error("\(what) cannot be put: trying again until it is", metadata: [
                    "message": "\(event.message)", "error": "\(error)",
                ])
            }
        } attempt: {
            try await publish(event)
        }
        guard let failures else {
            logger.error("stopping: \(what) was not put", metadata: ["message": "\(event.message)"])
            return false
        }
        if failures > 0 {
            logger.notice("\(what) put after all", metadata: ["message": "\(event.message)", "failed_tries": "\(failures)"])
        }
        return true
    }
}
