import AlarmCore
import Beanstalk
import Foundation
import PushDelivery
import ServiceLifecycle
import TestSupport
import Testing

@testable import PushConsumer

/// The push path's events survive a beanstalkd outage: the same event is put once it is back,
/// and a stop while it is away ends the retries promptly, saying what was not put.
@Suite struct PushPathReporterTests {
    static func reporter(_ server: BeanstalkdServer, _ logs: RecordedLogs, faults: String) throws -> PushPathReporter {
        let publisher = EventPublisher(
            endpoint: .tcp(host: server.host, port: server.port), tubes: [try TubeName("log"), try TubeName("command")],
            source: "howalarming-push", sequence: SequenceCounter(stateFile: nil), logger: logs.logger)
        return PushPathReporter(
            publisher: publisher, faults: ProviderFaultFile(path: faults, logger: logs.logger),
            retryBackoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(200)),
            logger: logs.logger)
    }

    /// A reporter running in its own service group against `server`, with its logs and the
    /// directory of its faults file (kept as long as this value).
    struct Running {
        let reporter: PushPathReporter
        let logs: RecordedLogs
        let group: ServiceGroup
        let task: Task<Void, any Error>
        let directory: TemporaryDirectory

        init(_ server: BeanstalkdServer) throws {
            logs = RecordedLogs()
            directory = try TemporaryDirectory()
            reporter = try PushPathReporterTests.reporter(server, logs, faults: directory.appending("push.sqlite.faults"))
            let group = ServiceGroup(configuration: .init(services: [reporter], logger: logs.logger))
            self.group = group
            task = Task { try await group.run() }
        }
    }

    @Test func anEventToldWhileBeanstalkdIsDownIsPutOnceItIsBack() async throws {
        try await withBinloggedBeanstalkd { server in
            let stage = try Running(server)
            let (reporter, logs, group, running) = (stage.reporter, stage.logs, stage.group, stage.task)

            try await server.stop()
            reporter.providerHalted(.apns, reason: "InvalidProviderToken", heldDevices: 2)
            try await waitUntil("the failed put to be logged") { logs.text.contains("cannot be put: trying again") }
            try await server.restart()
            try await waitUntil("the event on both tubes", timeout: .seconds(10)) {
                let client = try RawBeanstalkClient(server)
                defer { client.close() }
                return try ["log", "command"].allSatisfy { try client.statsIfExists(tube: $0)?["current-jobs-ready"] == "1" }
            }
            await group.triggerGracefulShutdown()
            try await running.value

            let client = try RawBeanstalkClient(server)
            defer { client.close() }
            _ = try client.command("watch log")
            let reply = try client.request("reserve-with-timeout 0")
            let event = try AlarmEvent.decode(json: String(decoding: try #require(reply.body), as: UTF8.self))
            #expect(event.type == .fault && event.code == "push" && event.source == "howalarming-push")
            #expect(event.message == "APNs refuses our credentials (InvalidProviderToken): notifications to 2 iPhones are held")
            #expect(logs.text.contains("push path event put after all"))
            #expect(try client.stats(tube: "log")["total-jobs"] == "1", "put once, not once per try")
        }
    }

    @Test func stoppingWhileBeanstalkdIsDownEndsTheRetriesAndSaysWhatWasNotPut() async throws {
        try await withBeanstalkd { server in
            let stage = try Running(server)
            let (reporter, logs, group, running) = (stage.reporter, stage.logs, stage.group, stage.task)
            try await server.stop()
            let now = Date()
            let token = try DeviceToken(String(repeating: "c", count: 64), provider: .apns)
            reporter.devicePruned(
                RegisteredDevice(token: token, platform: .ios, name: "Anna's iPhone", createdAt: now, registeredAt: now),
                reason: "Unregistered")
            try await waitUntil("the failed put to be logged") { logs.text.contains("cannot be put: trying again") }

            let stopping = ContinuousClock.now
            await group.triggerGracefulShutdown()
            try await running.value
            // Tells a stop that ends the retries from one that keeps trying (which would never
            // end); not how quick it is (6.6 s once, beside a build on the two cores).
            #expect(ContinuousClock.now - stopping < .seconds(30))
            #expect(logs.text.contains("stopping: a push path event was not put"))
            #expect(logs.text.contains("Anna's iPhone will no longer receive alarms (Unregistered)"))
            #expect(!logs.text.contains(token.value))
        }
    }
}
