import AlarmCore

/// The log consumer's handler: each event from the queue into the ``EventLog``, and its summary
/// to standard output. An event that cannot be written stays in the queue.
struct EventLogHandler: Sendable {
    let log: EventLog
    /// Where the one-line summary of each written event goes (standard output).
    let printLine: @Sendable (String) -> Void

    func handle(_ event: AlarmEvent, context: JobContext) async -> JobOutcome {
        let logger = context.logger
        do {
            switch try await log.append(event) {
            case .written:
                printLine(JournalLine.format(event))
                return .done
            case .duplicate:
                logger.notice("event already in the log: not written again", metadata: ["event_id": "\(event.logKey)"])
                return .done
            }
        } catch {
            logger.error("cannot write the event log; the event stays queued and is tried again", metadata: [
                "event_id": "\(event.logKey)", "operation": "\(error.operation)", "path": "\(error.path)",
                "error": "\(error.reason)",
            ])
            return .retry()
        }
    }
}
