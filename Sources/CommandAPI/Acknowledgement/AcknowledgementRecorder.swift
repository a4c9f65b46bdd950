import AlarmCore
import Logging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records an acknowledgement once per event and acknowledger, and announces it: the first
/// acknowledgement by someone puts an ``AcknowledgementEvent`` on every event tube (the
/// consumers' tubes, and the taps someone watches), then stores the acknowledgement; asking
/// again answers the first one and puts nothing.
///
/// The event is put before the acknowledgement is stored, so an acknowledgement the API
/// confirmed is always on the queue; when the queue is down the request fails (503) and nothing
/// is stored, and the client may try again. Two requests at the same moment may both put the
/// event: it has the same `id`, which consumers drop as a repeat.
struct AcknowledgementRecorder: Sendable {
    let acknowledgements: AcknowledgementStore
    let producer: QueueProducer
    /// `beanstalkd.consumerEventTubes`: every consumer's tube.
    let eventTubes: [TubeName]
    /// `beanstalkd.tubes.taps`: the event goes there only while someone watches.
    let taps: [TubeName]
    /// Rung once an acknowledgement is stored: the escalation of the alarm stops at once.
    let escalationWake: EscalationWake

    /// Records that `by` acknowledged `found.event` (with `found.acknowledgement`, its earlier
    /// acknowledgement of it if any); returns the acknowledgement kept.
    func record(
        _ found: (event: StoredEvent, acknowledgement: AcknowledgementStore.Acknowledgement?), by: Acknowledger,
        logger: Logger
    ) async throws -> AcknowledgementStore.Acknowledgement {
        if let earlier = found.acknowledgement { return earlier }
        let now = Date().unixMilliseconds
        let announcement = AcknowledgementEvent.make(acknowledging: found.event.event, by: by, time: now)
        let watchedTaps = await producer.watched(taps)
        try await producer.enqueue(announcement.jsonBytes(), on: eventTubes + watchedTaps, logger: logger)
        let kept = try await acknowledgements.acknowledge(cursor: found.event.cursor, by: by, now: now)
        escalationWake.ring()
        logger.notice("event acknowledged", metadata: [
            "cursor": "\(kept.cursor)", "by": "\(by.displayName)",
            "event_id": "\(found.event.event.stableID.uuidString.lowercased())",
        ])
        return kept
    }
}
