import AlarmCore
import Beanstalk
import Logging
import PushDelivery
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Puts the canary on `push.tube` every day at `push.canary`, where the event consumer sends it to
/// every registered device like any event (ledger, reports, prunes and halts included), so that a
/// phone that silently stopped receiving is found before an alarm.
///
/// The canary's id is its day's: one started again the same day (a restart at that minute) is the
/// same event, which no device gets twice. A canary that cannot be put is tried again until it is.
struct CanaryService: Service {
    let schedule: CanarySchedule
    /// Puts on `push.tube` only.
    let publisher: EventPublisher
    let clock: WallClock
    let retryBackoff: Backoff
    let logger: Logger

    /// The longest sleep between two looks at the wall clock, which may be set, or the machine
    /// suspended, meanwhile.
    static let longestNap = Duration.seconds(60)

    func run() async throws {
        var after = clock.now
        logger.info("daily test notification scheduled", metadata: [
            "time": "\(schedule.time)", "next": "\(schedule.next(after: after).formatted(.iso8601))",
        ])
        while true {
            let fire = schedule.next(after: after)
            guard await sleep(until: fire) else { break }
            let day = schedule.day(of: fire)
            let canary = AlarmEvent.canary(day: day, timestamp: Int64(fire.timeIntervalSince1970))
            guard
                await publisher.publishUntilPut(
                    canary, what: "the daily test notification", backoff: retryBackoff, logger: logger)
            else { break }
            logger.info("daily test notification queued", metadata: ["day": "\(day)"])
            after = max(fire, clock.now)
        }
        await publisher.close()
    }

    /// Sleeps until `instant` on ``clock``; `false` when the process is stopping.
    private func sleep(until instant: Date) async -> Bool {
        while case let left = instant.timeIntervalSince(clock.now), left > 0 {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: min(.seconds(left), Self.longestNap)) }
            } catch {
                return false
            }
        }
        return true
    }
}
