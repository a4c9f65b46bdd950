import AlarmCore
import Beanstalk
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Escalates the alarms nobody acknowledges (`command.escalation`, docs/escalation.md).
///
/// Whenever it is woken (an alarm, a disarm or an acknowledgement was stored) or a step falls
/// due, it starts an escalation for each new alarm, stops those whose alarm was acknowledged or
/// whose partition was disarmed, and makes each step that is due: an ``EscalationEvent`` on every
/// event tube, the taps being watched and `command.escalation.tube`, then the step recorded. A step
/// is put before it is recorded, so a crash between the two makes it again with the same `id`,
/// which consumers drop as a repeat; a step that fell due while the daemon was stopped is made
/// at once on start-up (one step for all that fell due, the last of them), once the events that
/// waited for the daemon meanwhile are stored (a disarm among them stops it instead). When the queue is down, the step is tried again every second.
struct EscalationService: Service {
    let store: EscalationStore
    let schedule: EscalationSchedule
    let producer: QueueProducer
    /// Every consumer's tube and `command.escalation.tube`.
    let tubes: [TubeName]
    /// `beanstalkd.tubes.taps`: a step goes there only while someone watches.
    let taps: [TubeName]
    /// `command.tube`, which the ingest empties: a step waits until no event is waiting there.
    let ingestTube: TubeName
    let wake: EscalationWake
    let logger: Logger

    /// How soon a step the queue refused is tried again.
    static let retryInterval: Int64 = 1000
    /// How long a due step waits for the ingest to store the events waiting on ``ingestTube``
    /// (after a restart, those of the time the daemon was stopped), in ms; then it is made anyway.
    static let ingestWait: Int64 = 10_000
    /// How often a step waiting for the ingest looks again, in ms.
    static let ingestLook: Int64 = 100

    func run() async throws {
        let started = Date().unixMilliseconds
        await cancelWhenGracefulShutdown {
            var signals = wake.signals.makeAsyncIterator()
            while !Task.isCancelled {
                let next: Int64?
                do {
                    next = try await look(now: Date().unixMilliseconds, started: started)
                } catch {
                    logger.error("escalation: could not act; trying again shortly", metadata: ["error": "\(error)"])
                    next = Date().unixMilliseconds + Self.retryInterval
                }
                let timer = next.map { due in
                    Task { [wake] in
                        try await Task.sleep(for: .milliseconds(max(0, due - Date().unixMilliseconds)))
                        wake.ring()
                    }
                }
                _ = await signals.next()
                timer?.cancel()
            }
        }
    }

    /// Does what is due at `now` (Unix ms; the service `started` then); returns when to look again
    /// unless woken first, `nil` when no escalation goes on.
    func look(now: Int64, started: Int64) async throws -> Int64? {
        if try await store.startNewAlarms(schedule: schedule, now: now) > 0 {
            logger.notice("escalation: an alarm will escalate unless acknowledged", metadata: [
                "after_seconds": "\(schedule.policy.after)"
            ])
        }
        var next: Int64?
        for escalation in try await store.running() {
            if try await stopIfOver(escalation, now: now) { continue }
            guard let step = schedule.nextStep(after: escalation.steps.last?.number ?? 0, start: escalation.start, now: now)
            else { continue }
            let due = schedule.due(step: step, start: escalation.start)
            if due > now {
                next = min(next ?? due, due)
            } else if now - max(due, started) < Self.ingestWait, await !ingestIsIdle() {
                next = min(next ?? now + Self.ingestLook, now + Self.ingestLook)
            } else if try await stopIfOver(escalation, now: now) {
                // The ingest stored what ends it (a disarm, an acknowledgement) while it was being
                // looked at: it went idle only once that was stored, so look again before a step.
                continue
            } else if try await make(step, of: escalation, now: now) {
                if let following = schedule.step(after: step).map({ schedule.due(step: $0, start: escalation.start) }) {
                    next = min(next ?? following, following)
                }
            } else {
                next = min(next ?? now + Self.retryInterval, now + Self.retryInterval)
            }
        }
        return next
    }

    /// Stops `escalation` when what was stored ends it; returns whether it did.
    private func stopIfOver(_ escalation: EscalationStore.Escalation, now: Int64) async throws -> Bool {
        guard let reason = try await store.reasonToStop(escalation) else { return false }
        try await store.stop(escalation.alarmCursor, time: now, reason: reason)
        logger.notice("escalation stopped", metadata: [
            "event_id": "\(escalation.alarm.stableID.uuidString.lowercased())", "reason": "\(reason)",
            "steps": "\(escalation.steps.count)",
        ])
        return true
    }

    /// Whether no event waits on ``ingestTube``, nor is being stored; `false` when beanstalkd does
    /// not answer.
    private func ingestIsIdle() async -> Bool {
        guard let stats = await producer.stats(of: [ingestTube]) else { return false }
        return stats.allSatisfy { ($0?.currentJobsReady ?? 0) + ($0?.currentJobsReserved ?? 0) == 0 }
    }

    /// Puts step `step` of `escalation` on the queue and records it; `false` when the queue refused it.
    private func make(_ step: Int, of escalation: EscalationStore.Escalation, now: Int64) async throws -> Bool {
        let limit = schedule.policy.limit
        let event = EscalationEvent.make(
            escalating: escalation.alarm, step: step, limit: limit, seconds: (now - escalation.start + 500) / 1000, time: now)
        let alarmID = escalation.alarm.stableID.uuidString.lowercased()
        let watchedTaps = await producer.watched(taps)
        do {
            _ = try await producer.put(ByteBuffer(bytes: event.jsonBytes()), inEach: tubes + watchedTaps)
        } catch {
            logger.error("escalation: could not put the step on the queue; trying again", metadata: [
                "event_id": "\(alarmID)", "step": "\(step)", "error": "\(error)",
            ])
            return false
        }
        let queued = Date().unixMilliseconds
        try await store.recordStep(
            step, of: escalation.alarmCursor, eventID: event.stableID, time: queued, last: schedule.step(after: step) == nil)
        logger.warning("escalation: alarm not acknowledged", metadata: [
            "event_id": "\(alarmID)", "step": "\(step)", "limit": "\(limit)",
            "late_ms": "\(queued - schedule.due(step: step, start: escalation.start))",
        ])
        return true
    }
}
