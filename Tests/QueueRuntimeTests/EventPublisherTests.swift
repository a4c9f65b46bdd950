import AlarmCore
import Beanstalk
import Foundation
import NIOCore
import TestSupport
import Testing

@Suite("Event publisher and sequence numbers")
struct EventPublisherTests {
    @Test func publishesOneStampedCopyPerTube() async throws {
        try await withBeanstalkd { server in
            let tubes = try ["cli", "push", "log"].map(TubeName.init)
            let publisher = EventPublisher(
                endpoint: server.beanstalkEndpoint, tubes: tubes, source: "test-source",
                sequence: SequenceCounter(stateFile: nil), logger: quietLogger)
            let first = try await publisher.publish(sampleEvent("one"))
            let second = try await publisher.publish(sampleEvent("two"))
            #expect(first.id != nil && first.id != second.id)
            #expect(first.source == "test-source")
            #expect(try #require(second.sequence) > #require(first.sequence))
            let reader = try await server.connect()
            for tube in tubes {
                try await reader.watch(tube)
            }
            try await reader.ignore(.default)
            var received: [AlarmEvent] = []
            while let job = try await reader.reserve(timeout: .zero) {
                received.append(try AlarmEvent.decode(json: job.body.readableBytesView))
                try await reader.delete(job.id)
            }
            #expect(received.count == 6)
            #expect(received.filter { $0.id == first.id }.count == 3)
            await publisher.close()
        }
    }

    /// Issue 16, item 4: the `cli` tap kept every event for ever when nobody tailed.
    @Test func aTapGetsEventsOnlyWhileSomeoneWatchesIt() async throws {
        try await withBeanstalkd { server in
            let (log, tap) = (try TubeName("log"), try TubeName("cli"))
            let publisher = EventPublisher(
                endpoint: server.beanstalkEndpoint, tubes: [log], taps: [tap], source: "test",
                sequence: SequenceCounter(stateFile: nil), logger: quietLogger)
            for index in 1...100 { try await publisher.publish(sampleEvent("untapped \(index)")) }
            let probe = try await server.connect()
            #expect(try await probe.statsTube(log)?.currentJobsReady == 100)
            #expect(try await probe.statsTube(tap) == nil, "nobody tapped: the tap must hold nothing")

            let tail = try await server.connect()
            try await tail.watch(tap)
            let tapped = try await publisher.publish(sampleEvent("tapped"))
            let job = try #require(try await tail.reserve(timeout: .zero))
            #expect(try AlarmEvent.decode(json: job.body.readableBytesView).id == tapped.id)
            // Closed without deleting: the event goes back to the tap, which keeps the tube (and
            // its counters) alive while nobody watches it.
            await tail.close()
            try await waitUntil("the tail's watch is gone") { try await probe.statsTube(tap)?.currentWatching == 0 }

            try await publisher.publish(sampleEvent("untapped again"))
            let stats = try #require(try await probe.statsTube(tap))
            #expect(stats.totalJobs == 1 && stats.currentJobsReady == 1)
            #expect(try await probe.statsTube(log)?.currentJobsReady == 102)
            await publisher.close()
        }
    }

    /// Issue 20: an event about a consumer goes to every other tube (and watched tap), not to its own.
    @Test func anExcludedTubeGetsNothingTheOthersGetTheEvent() async throws {
        try await withBeanstalkd { server in
            let (push, log, script, tap) = (try TubeName("push"), try TubeName("log"), try TubeName("ntfy"), try TubeName("cli"))
            let publisher = EventPublisher(
                endpoint: server.beanstalkEndpoint, tubes: [push, log, script], taps: [tap], source: "test",
                sequence: SequenceCounter(stateFile: nil), logger: quietLogger)
            let tail = try await server.connect()
            try await tail.watch(tap)
            let published = try await publisher.publish(sampleEvent("push consumer down"), except: [push])
            let probe = try await server.connect()
            #expect(try await probe.statsTube(push)?.currentJobsReady ?? 0 == 0)
            for tube in [log, script, tap] {
                #expect(try await probe.statsTube(tube)?.currentJobsReady == 1, "\(tube)")
            }
            let job = try #require(try await tail.reserve(timeout: .zero))
            #expect(try AlarmEvent.decode(json: job.body.readableBytesView).id == published.id)
            await publisher.close()
        }
    }

    @Test func keepsAnExistingIdSoARepublishIsRecognisable() async throws {
        try await withBeanstalkd { server in
            let publisher = EventPublisher(
                endpoint: server.beanstalkEndpoint, tubes: [.default], source: "test",
                sequence: SequenceCounter(stateFile: nil), logger: quietLogger)
            let published = try await publisher.publish(sampleEvent("once"))
            let again = try await publisher.publish(published)
            #expect(again.id == published.id && again.sequence == published.sequence)
        }
    }

    @Test func unreachableServerIsAnErrorNotACrash() async throws {
        let server = try await BeanstalkdServer.start()
        let endpoint = server.beanstalkEndpoint
        try await server.kill()
        let publisher = EventPublisher(
            endpoint: endpoint, tubes: [.default], source: "test", sequence: SequenceCounter(stateFile: nil),
            logger: quietLogger)
        await #expect(throws: BeanstalkError.self) { try await publisher.publish(sampleEvent("lost?")) }
    }
}
