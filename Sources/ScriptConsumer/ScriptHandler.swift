import AlarmCore
import Logging
import NIOCore
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The consumer runtime's handler for `howalarming consume`: skips events already handled,
/// runs the program for the others and turns how it ended into the job's outcome.
final class ScriptHandler: Sendable {
    /// How many handled event ids are remembered to recognise repeats.
    static let rememberedEvents = 10_000

    let runner: ScriptRunner
    let environment: ScriptEnvironment
    let policy: ScriptOutcomePolicy
    /// Events whose program succeeded since the consumer started.
    private let handled = Mutex(RecentEventIDs(capacity: rememberedEvents))

    init(runner: ScriptRunner, environment: ScriptEnvironment, policy: ScriptOutcomePolicy) {
        self.runner = runner
        self.environment = environment
        self.policy = policy
    }

    func handle(_ event: AlarmEvent, _ context: JobContext) async throws -> JobOutcome {
        var logger = context.logger
        logger[metadataKey: "event_type"] = "\(event.type.rawValue)"
        if let id = event.id {
            logger[metadataKey: "event_id"] = "\(id.uuidString.lowercased())"
            if handled.withLock({ $0.contains(id) }) {
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
            if let id = event.id { handled.withLock { $0.insert(id) } }
        } else {
            logger.warning("program failed", metadata: metadata)
        }
        return outcome
    }
}
