import Beanstalk
import Logging

extension QueueConsumer {
    /// Carries out an outcome: delete, release with backoff (or bury after the last attempt), or bury.
    /// A release that beanstalkd answers `BURIED` (it is out of memory) is logged as a burial.
    /// Returns what became of the job, for the metrics.
    func settle(_ job: ReservedJob, _ outcome: JobOutcome, worker: BeanstalkWorker, logger: Logger) async -> ConsumerMetrics.Outcome {
        do {
            switch outcome {
            case .done:
                try await worker.delete(job)
                return .handled
            case let .retry(after):
                let stats = try await worker.stats(of: job)
                let attempt = stats?.attempt ?? 1
                let priority = stats?.priority ?? BeanstalkConnection.defaultPriority
                if attempt >= configuration.maximumAttempts {
                    logger.error("job buried after its last attempt", metadata: ["attempts": "\(attempt)"])
                    try await worker.bury(job, priority: priority)
                    return .buried
                } else {
                    let delay = after ?? configuration.retryBackoff.delay(forAttempt: attempt - 1)
                    try await worker.release(job, priority: priority, delay: delay)
                    logger.info("job released for another attempt", metadata: [
                        "attempt": "\(attempt)", "delay": "\(delay)",
                    ])
                    return .retried
                }
            case let .bury(reason):
                logger.error("job buried", metadata: ["reason": "\(reason)"])
                let priority = try await worker.stats(of: job)?.priority ?? BeanstalkConnection.defaultPriority
                try await worker.bury(job, priority: priority)
                return .buried
            }
        } catch where error.code == .reservationLost {
            // beanstalkd has handed the job back already; it will be delivered again and
            // consumers recognise repeats by event id.
            logger.warning("reservation lost before the job was settled; it will be delivered again", metadata: [
                "outcome": "\(outcome)", "error": "\(error)",
            ])
            return .lost
        } catch where error.code == .buried {
            // beanstalkd answers a release with BURIED when it has no memory to queue the job again:
            // the job is buried and comes back only when an operator kicks it.
            logger.error("job buried: beanstalkd could not release it for another attempt", metadata: [
                "outcome": "\(outcome)", "reason": "\(error)",
            ])
            return .buried
        } catch {
            logger.error("could not settle job; beanstalkd will hand it out again after its TTR", metadata: [
                "outcome": "\(outcome)", "error": "\(error)",
            ])
            return .unsettled
        }
    }

    /// How often a consumer says it is alive while a handler runs.
    static var beatWhileHandling: Duration { .seconds(5) }

    /// Touches the job at half its TTR while the handler runs past the keep-alive threshold, and
    /// beats every ``beatWhileHandling``. Returns `nil` when cancelled (the handler finished).
    func keepAlive(
        _ job: ReservedJob, worker: BeanstalkWorker, liveness: ConsumerLiveness.Registration, logger: Logger
    ) async -> JobOutcome? {
        do {
            try await Task.sleep(for: configuration.keepAliveAfter)
            let ttr = try await worker.stats(of: job).map { Duration.seconds(Int64($0.ttr)) } ?? .seconds(1)
            let interval = max(ttr / 2, .milliseconds(500))
            var nextTouch = ContinuousClock.now
            while true {
                liveness.beat()
                if ContinuousClock.now >= nextTouch {
                    try await worker.touch(job)
                    nextTouch += interval
                    logger.trace("job touched")
                }
                try await Task.sleep(until: min(nextTouch, .now + Self.beatWhileHandling), clock: .continuous)
            }
        } catch is CancellationError {
            return nil
        } catch {
            logger.warning("could not keep the job reserved", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
