import AlarmCore
import Logging

/// The consumer runtime's handler for `howalarming consume`: skips events already handled,
/// runs the program for the others and turns how it ended into the job's outcome.
struct ScriptHandler: Sendable {
    let runner: ScriptRunner
    let environment: ScriptEnvironment
    let policy: ScriptOutcomePolicy
    /// Events whose program succeeded since the consumer started.
    let handled: RecentEventIDs

    func handle(_ event: AlarmEvent, _ context: JobContext) async throws -> JobOutcome {
        var logger = context.logger
        logger[metadataKey: "event_type"] = "\(event.type.rawValue)"
        if let id = event.id {
            logger[metadataKey: "event_id"] = "\(id.uuidString.lowercased())"
            if handled.contains(id) {
                logger.info("repeat of an event already handled: program not run")
                return .done
            }
        }
        let attempt = try await context.attempt()
        logger[metadataKey: "attempt"] = "\(attempt)"
        let started = ContinuousClock.now
        let termination = try await runner.run(
            input: Array(context.body.readableBytesView),
            environment: environment.variables(for: event, jobID: context.jobID, attempt: attempt),
            logger: logger)
        let outcome = policy.outcome(for: termination)
        let metadata: Logger.Metadata = ["result": "\(termination)", "duration": "\(ContinuousClock.now - started)"]
        if outcome == .done {
            logger.info("program succeeded", metadata: metadata)
            if let id = event.id { handled.insert(id) }
        } else {
            logger.warning("program failed", metadata: metadata)
        }
        return outcome
    }
}
