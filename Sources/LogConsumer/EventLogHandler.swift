import AlarmCore
import Logging
import ServiceLifecycle

/// The log consumer's handler: each event from the queue into the ``EventLog``, and its summary
/// to standard output.
///
/// An event that cannot be written (disk full, directory missing) is held and tried again in
/// place, with backoff, until the disk takes it: the events after it wait in the queue behind it,
/// so the file keeps the queue's order. (Releasing it with a delay would let later events,
/// released with shorter delays, overtake it.) At a graceful shutdown it goes back to the ready
/// queue at once, in its place.
struct EventLogHandler: Sendable {
    let log: EventLog
    /// Where the one-line summary of each written event goes (standard output).
    let printLine: @Sendable (String) -> Void
    /// The pauses between attempts at an event that could not be written.
    var retryBackoff = Backoff(initial: .seconds(1), maximum: .seconds(30))

    func handle(_ event: AlarmEvent, context: JobContext) async -> JobOutcome {
        let logger = context.logger
        var failures = 0
        while true {
            do {
                switch try await log.append(event) {
                case .written:
                    printLine(JournalLine.format(event))
                    return .done
                case .duplicate:
                    logger.notice("event already in the log: not written again", metadata: ["event_id": "\(event.stableID)"])
                    return .done
                }
            } catch {
                failures += 1
                logger.error("cannot write the event log; the event stays queued and is tried again", metadata: [
                    "event_id": "\(event.stableID)", "operation": "\(error.operation)", "path": "\(error.path)",
                    "error": "\(error.reason)", "attempt": "\(failures)",
                ])
            }
            let pause = retryBackoff.delay(forAttempt: failures - 1)
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                return .retry(after: .zero)
            }
            if Task.isShuttingDownGracefully { return .retry(after: .zero) }
        }
    }
}
