public import Beanstalk
public import Logging
import NIOCore
public import ServiceLifecycle

/// The consumer runtime: reserve → decode → handler → outcome, as a ServiceLifecycle service.
///
/// - A body that does not decode is buried with the reason logged; the loop never crashes on input.
/// - The handler's ``JobOutcome`` decides: delete, release with backoff, or bury. A handler
///   that throws is retried; after ``ConsumerConfiguration/maximumAttempts`` the job is buried.
/// - While a handler runs past ``ConsumerConfiguration/keepAliveAfter`` the job is touched at half
///   its TTR, so a slow handler does not lose its reservation.
/// - One job at a time, or with a ``PipelinedHandler`` several: started in the order reserved,
///   each settled when its own work is done.
/// - On graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) it stops reserving at once,
///   lets an in-flight handler finish and settles its job, then returns. If the group cancels it
///   before the handler finishes, the job is released for another attempt: nothing is lost.
/// - Lost connections are re-established with backoff; use/watch are replayed.
/// - It reports to ``ConsumerConfiguration/liveness`` that it consumes (its first reserve answered)
///   and that it is alive (every turn of its loop, and every few seconds while a handler runs).
/// - It counts through swift-metrics (``ConsumerMetricNames``): jobs by kind and outcome, burials,
///   and the time from a message's timestamp to its reserve.
public struct QueueConsumer<Message: QueueMessage>: Service {
    /// Handles one decoded message. Throwing means "retry later".
    public typealias Handler = @Sendable (Message, JobContext) async throws -> JobOutcome
    /// Starts handling one decoded message, in the order the jobs were reserved, and returns what
    /// finishes it: the runtime reserves the next job at once and settles this one when its
    /// completion returns. Throwing in the completion means "retry later".
    public typealias PipelinedHandler = @Sendable (Message, JobContext) async -> Completion
    /// What finishes a job a ``PipelinedHandler`` started.
    public typealias Completion = @Sendable () async throws -> JobOutcome

    let endpoint: BeanstalkEndpoint
    let configuration: ConsumerConfiguration
    let logger: Logger
    let handler: PipelinedHandler
    /// How many jobs may be started and not yet settled at once.
    let maximumInFlight: Int

    /// A consumer that handles one job at a time: the next is reserved once this one is settled.
    public init(
        endpoint: BeanstalkEndpoint,
        configuration: ConsumerConfiguration,
        logger: Logger,
        handler: @escaping Handler
    ) {
        self.init(endpoint: endpoint, configuration: configuration, logger: logger, maximumInFlight: 1) { message, context in
            { try await handler(message, context) }
        }
    }

    /// A consumer that starts jobs in the order it reserves them and lets up to `maximumInFlight`
    /// of them finish side by side (each settled when its own completion returns): for a handler
    /// whose work waits on a round trip (a broker's acknowledgement) that the next job need not wait for.
    public init(
        endpoint: BeanstalkEndpoint,
        configuration: ConsumerConfiguration,
        logger: Logger,
        maximumInFlight: Int,
        handler: @escaping PipelinedHandler
    ) {
        precondition(maximumInFlight >= 1, "at least one job in flight")
        self.endpoint = endpoint
        self.configuration = configuration
        self.logger = logger
        self.maximumInFlight = maximumInFlight
        self.handler = handler
    }

    public func run() async throws {
        let worker = BeanstalkWorker(
            endpoint: endpoint, watching: configuration.tubes, configuration: configuration.connection,
            backoff: configuration.reconnectBackoff, logger: logger)
        logger.info("consuming", metadata: [
            "endpoint": "\(endpoint)", "tubes": "\(configuration.tubes.map(\.rawValue).joined(separator: ","))",
        ])
        let liveness = configuration.liveness.register()
        let metrics = ConsumerMetrics(tubes: configuration.tubes)
        defer { liveness.end() }
        await withTaskGroup(of: Void.self) { inFlight in
            // Jobs started and not yet taken back from the group: running, or finished. Waiting
            // for one when there are `maximumInFlight` also keeps the group from holding more.
            var started = 0
            var failures = 0
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                if started >= maximumInFlight {
                    await inFlight.next()
                    started -= 1
                    continue
                }
                let job: ReservedJob?
                do {
                    job = try await cancelWhenGracefulShutdown { [configuration] in
                        try await worker.reserve(timeout: configuration.reserveTimeout)
                    }
                    liveness.consuming()
                    failures = 0
                } catch is CancellationError {
                    break
                } catch {
                    // A server-side refusal such as OUT_OF_MEMORY: back off, then try again.
                    failures += 1
                    logger.error("reserve failed", metadata: ["error": "\(error)"])
                    try? await Task.sleep(for: configuration.reconnectBackoff.delay(forAttempt: failures - 1))
                    continue
                }
                guard let job else { continue }
                guard let (completion, kind) = await start(job, worker: worker, metrics: metrics) else { continue }
                started += 1
                inFlight.addTask {
                    metrics.settled(type: kind, await finish(job, completion, worker: worker, liveness: liveness))
                }
            }
            await inFlight.waitForAll()
        }
        await worker.close()
        logger.info("consumer stopped")
    }

    /// Decodes the job and starts its handling, returning what finishes it and the message's kind;
    /// a body that does not decode is buried at once.
    private func start(_ job: ReservedJob, worker: BeanstalkWorker, metrics: ConsumerMetrics) async -> (Completion, String)? {
        let logger = self.logger.with(jobID: job.id)
        do {
            let message = try Message.decode(job: job.body)
            metrics.reserved(madeAt: message.madeAt)
            return (await handler(message, JobContext(job: job, worker: worker, logger: logger)), message.kind)
        } catch {
            let outcome = await settle(job, .bury(reason: "malformed job: \(error)"), worker: worker, logger: logger)
            metrics.settled(type: ConsumerMetrics.malformed, outcome)
            return nil
        }
    }

    /// Waits for the job's completion, keeping the job reserved meanwhile, and settles it.
    private func finish(
        _ job: ReservedJob, _ completion: @escaping Completion, worker: BeanstalkWorker, liveness: ConsumerLiveness.Registration
    ) async -> ConsumerMetrics.Outcome {
        let logger = self.logger.with(jobID: job.id)
        let outcome = await withTaskGroup(of: JobOutcome?.self) { group in
            group.addTask { await keepAlive(job, worker: worker, liveness: liveness, logger: logger) }
            group.addTask {
                do {
                    return try await completion()
                } catch is CancellationError {
                    return .retry(after: .zero)
                } catch {
                    logger.warning("handler failed, will retry", metadata: ["error": "\(error)"])
                    return .retry()
                }
            }
            var outcome: JobOutcome = .retry(after: .zero)
            while let result = await group.next() {
                if let result {
                    outcome = result
                    group.cancelAll()
                }
            }
            return outcome
        }
        return await settle(job, outcome, worker: worker, logger: logger)
    }
}

extension Logger {
    /// A copy carrying `job_id` metadata.
    func with(jobID: JobID) -> Logger {
        var logger = self
        logger[metadataKey: "job_id"] = "\(jobID)"
        return logger
    }
}
