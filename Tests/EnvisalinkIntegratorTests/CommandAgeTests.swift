@testable import EnvisalinkIntegrator
import Testing

/// The age rule of queued commands: the queue's age, tightened by the timestamp, never loosened.
@Suite("Command age")
struct CommandAgeTests {
    let limit = Duration.seconds(60)
    let now: Int64 = 1_800_000_000

    @Test func withoutATimestampTheQueueAgeDecides() {
        #expect(!CommandAge(queued: .seconds(59), timestamp: nil, now: now).exceeds(limit))
        #expect(CommandAge(queued: .seconds(60), timestamp: nil, now: now).exceeds(limit), "60 s rounded down may be 60.9 s")
        #expect(CommandAge(queued: .seconds(2100), timestamp: nil, now: now).exceeds(limit))
    }

    @Test func aTimestampInTheFutureCountsAsNowAndNeverMakesACommandImmortal() {
        let ahead = CommandAge(queued: .seconds(61), timestamp: now + 3600, now: now)
        #expect(ahead.issued == 0 && ahead.exceeds(limit))
        #expect(!CommandAge(queued: .seconds(1), timestamp: now + 3600, now: now).exceeds(limit))
    }

    @Test func anOlderTimestampTightensTheAge() {
        let putLate = CommandAge(queued: .seconds(1), timestamp: now - 600, now: now)
        #expect(putLate.seconds == 600 && putLate.exceeds(limit))
        #expect(putLate.refusal(limit: limit).contains("clock of its producer is behind"))
        #expect(!CommandAge(queued: .seconds(1), timestamp: now - 5, now: now).exceeds(limit))
        let waited = CommandAge(queued: .seconds(70), timestamp: now - 70, now: now)
        #expect(waited.refusal(limit: limit) == "Command refused: it waited 70 s in the queue, longer than the 60 s allowed")
    }
}
