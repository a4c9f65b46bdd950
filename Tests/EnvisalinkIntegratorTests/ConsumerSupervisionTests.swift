import Beanstalk
@testable import EnvisalinkIntegrator
import Foundation
import Testing

/// The decision part of consumer liveness: tube observations in, faults and recoveries out.
@Suite struct ConsumerSupervisionTests {
    private typealias Transition = ConsumerSupervision.Transition
    private let push = try! TubeName("push")
    private let log = try! TubeName("log")
    /// 2023-11-14 21:10:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_699_996_200)

    private func supervision(staleAfter: UInt64 = 60) -> ConsumerSupervision {
        ConsumerSupervision(staleAfter: staleAfter, timeZone: TimeZone(identifier: "UTC")!)
    }

    private func seen(_ tube: TubeName, watchers: UInt64 = 1, ready: UInt64 = 0, age: UInt64? = nil) -> TubeObservation {
        TubeObservation(tube: tube, watchers: watchers, readyJobs: ready, nextReadyAge: age)
    }

    @Test func healthyTubesGiveNothing() {
        var supervision = supervision()
        #expect(supervision.check([seen(push), seen(log, ready: 3, age: 59)], now: now).isEmpty)
        #expect(supervision.down.isEmpty)
    }

    @Test func anUnwatchedTubeIsAConsumerNotRunningOncePerOutage() {
        var supervision = supervision()
        let first = supervision.check([seen(push, watchers: 0, ready: 12, age: 360), seen(log)], now: now)
        #expect(first == [Transition.fault(push, message: "push consumer not running: 12 events waiting since 21:04")])
        // Still down, more waiting: no second fault.
        #expect(supervision.check([seen(push, watchers: 0, ready: 40, age: 390), seen(log)], now: now + 30).isEmpty)
        // Back, with the backlog drained: one recovery.
        #expect(supervision.check([seen(push), seen(log)], now: now + 60) == [Transition.recovery(push, message: "push consumer running again")])
        #expect(supervision.check([seen(push), seen(log)], now: now + 90).isEmpty)
    }

    @Test func anUnwatchedEmptyTubeIsDownToo() {
        var supervision = supervision()
        #expect(supervision.check([seen(log, watchers: 0)], now: now) == [Transition.fault(log, message: "log consumer not running: no events waiting")])
        #expect(
            supervision.check([seen(log, watchers: 0, ready: 1, age: 0)], now: now + 1).isEmpty,
            "a first event on a tube already reported down is no new outage")
    }

    @Test func aWatchedTubeWithAnOldEventIsAStuckConsumer() {
        var supervision = supervision(staleAfter: 60)
        #expect(supervision.check([seen(log, ready: 2, age: 59)], now: now).isEmpty)
        #expect(supervision.check([seen(log, ready: 1, age: 60)], now: now) == [Transition.fault(log, message: "log consumer stuck: 1 event waiting since 21:09")])
        // Killed while stuck: still the same outage.
        #expect(supervision.check([seen(log, watchers: 0, ready: 5, age: 120)], now: now + 60).isEmpty)
    }

    @Test func aWatchedTubeStillWorkingOffAnOldBacklogIsNotYetRecovered() {
        var supervision = supervision(staleAfter: 60)
        _ = supervision.check([seen(push, watchers: 0, ready: 9, age: 300)], now: now)
        #expect(supervision.check([seen(push, ready: 8, age: 301)], now: now + 1).isEmpty)
        #expect(supervision.check([seen(push, ready: 1, age: 10)], now: now + 2) == [Transition.recovery(push, message: "push consumer running again")])
    }

    @Test func eachTubeHasItsOwnOutage() {
        var supervision = supervision()
        let both = supervision.check([seen(push, watchers: 0), seen(log, watchers: 0)], now: now)
        #expect(both.count == 2 && supervision.down == [push, log])
        #expect(supervision.check([seen(push), seen(log, watchers: 0)], now: now) == [Transition.recovery(push, message: "push consumer running again")])
        #expect(supervision.down == [log])
    }

    @Test func theClockTimeIsInTheGivenZone() {
        var supervision = ConsumerSupervision(staleAfter: 60, timeZone: TimeZone(secondsFromGMT: 3600)!)
        let fault = supervision.check([seen(push, watchers: 0, ready: 2, age: 360)], now: now)
        #expect(fault == [Transition.fault(push, message: "push consumer not running: 2 events waiting since 22:04")])
    }
}
