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
/// - On graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) it stops reserving at once,
///   lets an in-flight handler finish and settles its job, then returns. If the group cancels it
///   before the handler finishes, the job is released for another attempt: nothing is lost.
/// - Lost connections are re-established with backoff; use/watch are replayed.
/// - It reports to ``ConsumerConfiguration/liveness`` that it consumes (its first reserve answered)
///   and that it is alive (every turn of its loop, and every few seconds while a handler runs).
public struct QueueConsumer<Message: QueueMessage>: Service {
    /// Handles one decoded message. Throwing means "retry later".
    public typealias Handler = @Sendable (Message, JobContext) async throws -> JobOutcome

    let endpoint: BeanstalkEndpoint
    let configuration: ConsumerConfiguration
    let logger: Logger
    let handler: Handler

    public init(
        endpoint: BeanstalkEndpoint,
        configuration: ConsumerConfiguration,
        logger: Logger,
        handler: @escaping Handler
    ) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.logger = logger
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
        defer { liveness.end() }
        var failures = 0
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
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
            await process(job, worker: worker, liveness: liveness)
        }
        await worker.close()
        logger.info("consumer stopped")
    }

    private func process(_ job: ReservedJob, worker: BeanstalkWorker, liveness: ConsumerLiveness.Registration) async {
        let logger = self.logger.with(jobID: job.id)
        let message: Message
        do {
            message = try Message.decode(job: job.body)
        } catch {
            await settle(job, .bury(reason: "malformed job: \(error)"), worker: worker, logger: logger)
            return
        }
        let context = JobContext(job: job, worker: worker, logger: logger)
        let outcome = await withTaskGroup(of: JobOutcome?.self) { group in
            group.addTask { await keepAlive(job, worker: worker, liveness: liveness, logger: logger) }
            group.addTask { [handler] in
                do {
                    return try await handler(message, context)
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
        await settle(job, outcome, worker: worker, logger: logger)
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
