import Beanstalk
import Logging
import NIOCore
import TestSupport
import Testing

/// The reconnecting worker against a real beanstalkd that is restarted, with its binlog.
@Suite("Reconnecting worker")
struct WorkerTests {
    private let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    private let fastBackoff = Backoff(initial: .milliseconds(20), maximum: .milliseconds(200))

    @Test func restartWithBinlogRestoresSubscriptionsAndInvalidatesHeldJobs() async throws {
        try await withBinloggedBeanstalkd { server in
            let tube = try TubeName("events")
            let worker = BeanstalkWorker(
                endpoint: server.beanstalkEndpoint, watching: [tube], using: tube, backoff: fastBackoff, logger: logger)
            let id = try await worker.put(ByteBuffer(string: "survives"))
            let held = try #require(try await worker.reserve(timeout: .zero))
            #expect(held.id == id)

            try await server.restart()

            // The job reserved before the restart is ready again on the server…
            let observer = try await server.connect()
            #expect(try await observer.statsJob(id)?.state == .ready)
            // …and the old reservation reports as lost instead of being replayed.
            await expectError(.reservationLost) { try await worker.delete(held) }

            // The worker reconnects, replays use/watch/ignore, and gets the job again.
            let again = try #require(try await reserveAfterReconnect(worker))
            #expect(again.id == id)
            #expect(again.body == ByteBuffer(string: "survives"))
            try await worker.delete(again)
            let secondID = try await worker.put(ByteBuffer(string: "into the used tube"))
            #expect(try await observer.statsJob(secondID)?.tube == "events")
            await worker.close()
        }
    }

    @Test func keepsTryingWhileTheServerIsDown() async throws {
        try await withBeanstalkd { server in
            let worker = BeanstalkWorker(
                endpoint: server.beanstalkEndpoint, watching: [.default], backoff: fastBackoff, logger: logger)
            #expect(try await worker.reserve(timeout: .zero) == nil)
            try await server.stop()
            let waiting = Task { try await reserveAfterReconnect(worker, timeout: .seconds(5)) }
            try await server.restart()
            let producer = try await server.connect()
            let id = try await producer.put("after the outage")
            #expect(try await waiting.value?.id == id)
            await worker.close()
        }
    }

    @Test func reservationLostWhenTTRRunsOut() async throws {
        try await withBeanstalkd { server in
            let worker = BeanstalkWorker(endpoint: server.beanstalkEndpoint, watching: [.default], logger: logger)
            let other = try await server.connect()
            _ = try await other.put("short ttr", ttr: .seconds(1))
            let held = try #require(try await worker.reserve(timeout: .zero))
            let stolen = Task { try await other.reserve(timeout: .seconds(10)) }
            // The holder keeps talking so beanstalkd 1.12 notices the expired TTR (beanstalkd #380).
            while try await worker.stats(of: held)?.reserves == 1 {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try await stolen.value?.id == held.id)
            await expectError(.reservationLost) { try await worker.delete(held) }
            await worker.close()
        }
    }

    @Test func deadlineSoonIsAnsweredByTouchingHeldJobs() async throws {
        try await withBeanstalkd { server in
            let worker = BeanstalkWorker(endpoint: server.beanstalkEndpoint, watching: [.default], logger: logger)
            let producer = try await server.connect()
            _ = try await producer.put("held", ttr: .seconds(2))
            let held = try #require(try await worker.reserve(timeout: .zero))
            // Waits into the deadline window; the worker touches the held job and returns nil.
            #expect(try await worker.reserve(timeout: .seconds(3)) == nil)
            let stats = try #require(try await producer.statsJob(held.id))
            #expect(stats.state == .reserved && stats.timeouts == 0)
            try await worker.delete(held)
            await worker.close()
        }
    }

    @Test func cancellationEndsAWaitingReservePromptly() async throws {
        try await withBeanstalkd { server in
            let worker = BeanstalkWorker(endpoint: server.beanstalkEndpoint, watching: [.default], logger: logger)
            let waiting = Task { try await worker.reserve(timeout: .seconds(60)) }
            let observer = try await server.connect()
            while try await observer.stats().currentWaiting == 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
            let cancelled = ContinuousClock.now
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
            // Well before the reserve's own 60 s; the margin is for a loaded machine.
            #expect(ContinuousClock.now - cancelled < .seconds(10))
        }
    }

    /// Reserves until a job comes or `timeout` passes, across reconnects (a lost connection returns nil once).
    private func reserveAfterReconnect(_ worker: BeanstalkWorker, timeout: Duration = .seconds(5)) async throws -> ReservedJob? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let job = try await worker.reserve(timeout: .seconds(1)) { return job }
        }
        return nil
    }
}
