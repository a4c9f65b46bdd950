import AlarmCore
import Beanstalk
import NIOCore
import ServiceLifecycle
import ServiceLifecycleTestKit
import TestSupport
import Testing

/// The consumer runtime against a real beanstalkd: outcomes, malformed jobs, keep-alive, shutdown.
@Suite("Consumer runtime")
struct QueueConsumerTests {
    private let tube = try! TubeName("work")

    private func consumer(
        _ server: BeanstalkdServer, maximumAttempts: Int = 3,
        handler: @escaping QueueConsumer<AlarmEvent>.Handler
    ) -> QueueConsumer<AlarmEvent> {
        QueueConsumer<AlarmEvent>(
            endpoint: server.beanstalkEndpoint,
            configuration: ConsumerConfiguration(
                tubes: [tube], maximumAttempts: maximumAttempts,
                reconnectBackoff: Backoff(initial: .milliseconds(20), maximum: .milliseconds(200))),
            logger: quietLogger, handler: handler)
    }

    /// Runs `consumer` until `body` is done, then shuts it down gracefully and checks it returned.
    private func running(_ consumer: QueueConsumer<AlarmEvent>, _ body: () async throws -> Void) async throws {
        try await testGracefulShutdown { trigger in
            let task = Task { try await consumer.run() }
            do {
                try await body()
            } catch {
                trigger.triggerGracefulShutdown()
                _ = try? await task.value
                throw error
            }
            trigger.triggerGracefulShutdown()
            try await task.value
        }
    }

    @Test func handledJobsAreDeletedInOrderAndMalformedOnesBuried() async throws {
        try await withBeanstalkd { server in
            let probe = HandlerProbe()
            let producer = try await server.connect()
            try await producer.put(sampleEvent("first").jsonString(), on: tube)
            try await producer.put("not json at all", on: tube)
            try await producer.put(#"{"type":"bogus","code":"1","timestamp":1}"#, on: tube)
            try await producer.put(sampleEvent("second").jsonString(), on: tube)
            try await running(consumer(server) { event, _ in
                await probe.record(event)
                return .done
            }) {
                try await eventually("both good events are handled") { await probe.count == 2 }
                try await eventually("the malformed jobs are buried") {
                    try await producer.tubeStats("work")?.currentJobsBuried == 2
                }
            }
            #expect(await probe.seen.map(\.message) == ["first", "second"])
            let stats = try #require(try await producer.tubeStats("work"))
            #expect(stats.currentJobsReady == 0 && stats.currentJobsReserved == 0 && stats.cmdDelete == 2)
        }
    }

    @Test func retriesUntilTheLastAttemptThenBuries() async throws {
        try await withBeanstalkd { server in
            let probe = HandlerProbe()
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("flaky").jsonString(), on: tube)
            try await running(consumer(server, maximumAttempts: 3) { event, _ in
                await probe.record(event)
                return .retry(after: .zero)
            }) {
                try await eventually("the job is buried") { try await producer.statsJob(id)?.state == .buried }
            }
            #expect(await probe.count == 3)
            #expect(try await producer.statsJob(id)?.releases == 2)
        }
    }

    @Test func theContextCountsAttemptsAsTheRuntimeDoes() async throws {
        actor Attempts {
            var seen: [Int] = []
            func record(_ attempt: Int) { seen.append(attempt) }
        }
        try await withBeanstalkd { server in
            let attempts = Attempts()
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("counted").jsonString(), on: tube)
            try await running(consumer(server, maximumAttempts: 3) { _, context in
                await attempts.record(try await context.attempt())
                return .retry(after: .zero)
            }) {
                try await eventually("the job is buried") { try await producer.statsJob(id)?.state == .buried }
            }
            #expect(await attempts.seen == [1, 2, 3])
        }
    }

    @Test func aThrowingHandlerIsRetriedWithBackoff() async throws {
        struct Transient: Error {}
        try await withBeanstalkd { server in
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("throws").jsonString(), on: tube)
            var released: JobStats?
            try await running(consumer(server) { _, _ in throw Transient() }) {
                try await eventually("the job is released with a delay") {
                    released = try await producer.statsJob(id)
                    return released?.state == .delayed
                }
            }
            let stats = try #require(released)
            #expect(stats.releases >= 1 && stats.delay >= 1)
        }
    }

    @Test func buryOutcomeBuriesTheJob() async throws {
        try await withBeanstalkd { server in
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("poison").jsonString(), on: tube)
            try await running(consumer(server) { _, _ in .bury(reason: "cannot handle this one") }) {
                try await eventually("the job is buried") { try await producer.statsJob(id)?.state == .buried }
            }
        }
    }

    @Test func aSlowHandlerKeepsItsReservation() async throws {
        try await withBeanstalkd { server in
            let probe = HandlerProbe()
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("slow").jsonString(), on: tube, ttr: .seconds(1))
            await probe.closeGate()
            let rival = try await server.connect()
            try await rival.watch(tube)
            try await running(consumer(server) { event, _ in
                await probe.record(event)
                await probe.hold()
                return .done
            }) {
                try await eventually("the handler holds the job") { await probe.isHolding }
                // Three TTRs pass; a rival worker never gets the job because it is touched.
                #expect(try await rival.reserve(timeout: .seconds(3)) == nil)
                #expect(try await producer.statsJob(id)?.timeouts == 0)
                await probe.release()
                try await eventually("the job is deleted") { try await producer.statsJob(id) == nil }
            }
            #expect(await probe.count == 1)
        }
    }

    @Test func gracefulShutdownIsPromptWhenIdle() async throws {
        try await withBeanstalkd { server in
            let observer = try await server.connect()
            let consumer = consumer(server) { _, _ in .done }
            try await testGracefulShutdown { trigger in
                let task = Task { try await consumer.run() }
                try await eventually("the consumer waits for jobs") { try await observer.stats().currentWaiting == 1 }
                let started = ContinuousClock.now
                trigger.triggerGracefulShutdown()
                try await task.value
                #expect(ContinuousClock.now - started < .seconds(2))
            }
        }
    }

    @Test func gracefulShutdownFinishesTheInFlightJob() async throws {
        try await withBeanstalkd { server in
            let probe = HandlerProbe()
            await probe.closeGate()
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("in flight").jsonString(), on: tube)
            let consumer = consumer(server) { event, _ in
                await probe.record(event)
                await probe.hold()
                return .done
            }
            try await testGracefulShutdown { trigger in
                let task = Task { try await consumer.run() }
                try await eventually("the handler is busy") { await probe.isHolding }
                trigger.triggerGracefulShutdown()
                await probe.release()
                try await task.value
            }
            #expect(try await producer.statsJob(id) == nil, "the finished job was deleted")
        }
    }

    @Test func cancellationReleasesTheInFlightJob() async throws {
        try await withBeanstalkd { server in
            let probe = HandlerProbe()
            await probe.closeGate()
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("interrupted").jsonString(), on: tube)
            let consumer = consumer(server) { event, _ in
                await probe.record(event)
                await withTaskCancellationHandler {
                    await probe.hold()
                } onCancel: {
                    Task { await probe.release() }
                }
                try Task.checkCancellation()
                return .done
            }
            let task = Task { try await consumer.run() }
            try await eventually("the handler is busy") { await probe.isHolding }
            task.cancel()
            try await task.value
            #expect(try await producer.statsJob(id)?.state == .ready, "nothing lost: the job is ready again")
        }
    }

    @Test func survivesABeanstalkdRestart() async throws {
        try await withBinloggedBeanstalkd { server in
            let probe = HandlerProbe()
            try await running(consumer(server) { event, _ in
                await probe.record(event)
                return .done
            }) {
                try await (server.connect()).put(sampleEvent("before").jsonString(), on: tube)
                try await eventually("the first event is handled and deleted") {
                    try await (server.connect()).tubeStats("work")?.cmdDelete == 1
                }
                try await server.restart()
                try await (server.connect()).put(sampleEvent("after").jsonString(), on: tube)
                try await eventually("the consumer reconnects and handles the next event") { await probe.count == 2 }
            }
            #expect(await probe.seen.map(\.message) == ["before", "after"])
        }
    }
}
