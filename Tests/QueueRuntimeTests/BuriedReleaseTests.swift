import AlarmCore
import Beanstalk
import Logging
import ServiceLifecycleTestKit
import TestSupport
import Testing

/// beanstalkd answers `BURIED` to a release when it is out of memory: the job is then buried, and
/// the consumer must say so, not that it will come back.
@Suite("A release answered BURIED")
struct BuriedReleaseTests {
    @Test func isLoggedAsBuriedWithTheJobAndTheReason() async throws {
        try await withBeanstalkd { server in
            let proxy = try await ReleaseBuryingProxy.start(before: server)
            let tube = try TubeName("work")
            let producer = try await server.connect()
            let id = try await producer.put(sampleEvent("retried").jsonString(), on: tube)
            let logs = RecordedLogs()
            let consumer = QueueConsumer<AlarmEvent>(
                endpoint: .tcp(host: "127.0.0.1", port: proxy.port),
                configuration: ConsumerConfiguration(tubes: [tube], maximumAttempts: 3),
                logger: logs.logger) { _, _ in .retry(after: .zero) }
            try await testGracefulShutdown { trigger in
                let task = Task { try await consumer.run() }
                try await eventually("the job is buried") { try await producer.statsJob(id)?.state == .buried }
                try await eventually("the settlement is logged") { logs.entries.contains { $0.level >= .warning } }
                trigger.triggerGracefulShutdown()
                try await task.value
            }
            await proxy.close()

            let problems = logs.entries.filter { $0.level >= .warning }
            #expect(problems.count == 1, "\(problems)")
            let buried = try #require(problems.first)
            #expect(buried.level == .error)
            #expect(buried.message.hasPrefix("job buried"), "\(buried)")
            #expect(buried.metadata["job_id"] == "\(id)")
            #expect(buried.metadata["reason"]?.contains("out of memory") == true, "\(buried)")
            #expect(!logs.entries.contains { $0.message.contains("released for another attempt") }, "\(logs.entries)")
        }
    }
}
