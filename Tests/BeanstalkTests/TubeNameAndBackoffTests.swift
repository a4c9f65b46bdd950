import Beanstalk
import Testing

@Suite("Tube names and backoff")
struct TubeNameAndBackoffTests {
    @Test func tubeNameLimits() throws {
        #expect(try TubeName(String(repeating: "a", count: 200)).rawValue.count == 200)
        #expect(try TubeName("A-z0+9/;.$_()").rawValue == "A-z0+9/;.$_()")
        for bad in ["", String(repeating: "a", count: 201), "-abc", "a b", "a*b", "tube\n", "é"] {
            #expect(throws: BeanstalkError.self, "\(bad) should be rejected") { try TubeName(bad) }
        }
        #expect(TubeName.problem(with: "-x")?.contains("'-'") == true)
    }

    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    @Test func backoffGrowsThenCapsWithJitterInHalfToFull() {
        let backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(2), multiplier: 2)
        func close(_ a: Duration, _ b: Duration) -> Bool { abs((a - b) / .microseconds(1)) < 1 }
        #expect(close(backoff.ceiling(forAttempt: 0), .milliseconds(100)))
        #expect(close(backoff.ceiling(forAttempt: 1), .milliseconds(200)))
        #expect(close(backoff.ceiling(forAttempt: 4), .milliseconds(1600)))
        #expect(backoff.ceiling(forAttempt: 5) == .seconds(2))
        #expect(backoff.ceiling(forAttempt: 1000) == .seconds(2))
        var generator = SeededGenerator(state: 42)
        var delays: Set<Duration> = []
        for _ in 0..<100 {
            let delay = backoff.delay(forAttempt: 3, using: &generator)
            #expect(delay >= .milliseconds(400) && delay <= .milliseconds(800))
            delays.insert(delay)
        }
        #expect(delays.count > 50, "jitter should spread the delays")
    }
}
