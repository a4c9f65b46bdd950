import AlarmCore
import Beanstalk
import Logging
import ServiceLifecycle

extension EventPublisher {
    /// Puts `event`, stamped once so that every try is the same event (same id), trying again
    /// after `backoff` until it is put or the process stops: a brief beanstalkd outage delays the
    /// event, never loses it. `what` names it in the log ("a push path event").
    ///
    /// - Returns: Whether it was put (`false`: the process is stopping).
    @discardableResult
    func publishUntilPut(_ event: AlarmEvent, what: String, backoff: Backoff, logger: Logger) async -> Bool {
        let event = await stamp(event)
        var failures = 0
        while true {
            do {
                try await publish(event)
                if failures > 0 {
                    logger.notice("\(what) put after all", metadata: [
                        "message": "\(event.message)", "failed_tries": "\(failures)",
                    ])
                }
                return true
            } catch {
                if failures == 0 {
                    logger.error("\(what) cannot be put: trying again until it is", metadata: [
                        "message": "\(event.message)", "error": "\(error)",
                    ])
                }
                failures += 1
                do {
                    let wait = backoff.delay(forAttempt: failures - 1)
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
                } catch {
                    logger.error("stopping: \(what) was not put", metadata: ["message": "\(event.message)"])
                    return false
                }
            }
        }
    }
}
