import AlarmCore
import Logging
import NIOCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The consumer's handler: stores each event from the command tube (once per `id`), which
/// updates the panel state, counts it, and hands it with the new status to the open streams.
struct EventIngest: Sendable {
    let store: EventStore
    let metrics: CommandMetrics
    let hub: StreamHub
    let daemons: DaemonBoard
    /// Rung when an alarm or a disarm is stored: escalation starts or stops.
    let escalationWake: EscalationWake

    /// Stores `event`; a database failure is thrown, so the runtime retries the job.
    func handle(_ event: AlarmEvent, context: JobContext) async throws -> JobOutcome {
        let recording = try await store.record(event)
        metrics.consumed(event, duplicate: recording == .duplicate, now: Int64(Date().timeIntervalSince1970))
        switch recording {
        case .stored(let cursor):
            context.logger.debug("event stored", metadata: ["cursor": "\(cursor)", "event_type": "\(event.type.rawValue)"])
            if event.type == .alarm || PanelState.arming(of: event) == .disarmed { escalationWake.ring() }
            if hub.hasSubscribers { await publish(StoredEvent(cursor: cursor, event: event), logger: context.logger) }
        case .duplicate:
            context.logger.debug("event already stored: acknowledged", metadata: [
                "event_id": "\(event.id.map { $0.uuidString.lowercased() } ?? "-")"
            ])
        }
        return .done
    }

    /// Hands the event and the status after it to the streams. The ingest handles one event at a
    /// time, so the state read is the one this event left. When it cannot be read, the streams
    /// end: their clients reconnect and read what they missed from the store.
    private func publish(_ stored: StoredEvent, logger: Logger) async {
        do {
            let (state, last) = try await store.stateAndLastEvent()
            var frames = ByteBuffer(bytes: StreamFrames.event(stored))
            frames.writeBytes(StreamFrames.status(state, lastEvent: last, daemons: await daemons.current()))
            hub.publish(.stored(cursor: stored.cursor, frames: frames))
        } catch {
            logger.error("could not read the status for the streams: they end and resume", metadata: ["error": "\(error)"])
            hub.endAll()
        }
    }
}
