import AlarmCore
import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The consumer's handler: stores each event from the command tube (once per `id`), which
/// updates the panel state, and counts it.
struct EventIngest: Sendable {
    let store: EventStore
    let metrics: CommandMetrics

    /// Stores `event`; a database failure is thrown, so the runtime retries the job.
    func handle(_ event: AlarmEvent, context: JobContext) async throws -> JobOutcome {
        let recording = try await store.record(event)
        metrics.consumed(event, duplicate: recording == .duplicate, now: Int64(Date().timeIntervalSince1970))
        switch recording {
        case .stored(let cursor):
            context.logger.debug("event stored", metadata: ["cursor": "\(cursor)", "event_type": "\(event.type.rawValue)"])
        case .duplicate:
            context.logger.debug("event already stored: acknowledged", metadata: [
                "event_id": "\(event.id.map { $0.uuidString.lowercased() } ?? "-")"
            ])
        }
        return .done
    }
}
