import AlarmCore
import Beanstalk
import Foundation
@testable import PushConsumer
import PushDelivery
import ServiceLifecycle
import TestSupport
import Testing

/// Reports never hold deliveries up: with beanstalkd unreachable the failure is logged once and
/// the publisher still stops when asked; reports nobody takes are bounded, the oldest dropped.
@Suite struct ReportPublisherTests {
    @Test func anUnreachableQueueIsLoggedAndNeverWaitedFor() async throws {
        let closed = try ClosedPort()
        let logs = RecordedLogs()
        let queue = PushReportQueue()
        let registry = DeviceRegistry(database: try PushDatabase.inMemory())
        let publisher = ReportPublisher(
            queue: queue, registry: registry, endpoint: .tcp(host: "127.0.0.1", port: closed.port),
            tube: try TubeName("push-reports"), vapidPublicKey: nil, providers: [], logger: logs.logger)
        let group = ServiceGroup(configuration: .init(services: [publisher], logger: logs.logger))
        let running = Task { try await group.run() }

        let attempt = DeliveryAttempt(
            eventID: UUID(), device: try DeviceToken(String(repeating: "a", count: 64), provider: .apns), attempt: 1,
            status: .delivered, at: Date())
        for _ in 0..<100 { queue.recorded(attempt, eventType: .alarm) }

        try await waitUntil("the failure to be logged") { logs.text.contains("a push report could not be put") }
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(logs.entries.filter { $0.message.hasPrefix("a push report could not be put") }.count == 1)
    }

    /// Each delivery changes its device's last success, but a fan-out to hundreds of phones must
    /// not be followed by a `devices` report (the whole list) per phone: hundreds of lists of
    /// hundreds of devices, read, encoded and put while the fan-out runs, which slowed the ledger's
    /// writes (a kill mid fan-out then sent twice as many phones the alarm again).
    @Test func deliveriesSpreadOverASecondAreFollowedByAFewDevicesReportsNotOneEach() async throws {
        try await withBeanstalkd { server in
            let logs = RecordedLogs()
            let queue = PushReportQueue()
            let registry = DeviceRegistry(database: try PushDatabase.inMemory())
            let token = try DeviceToken(String(repeating: "d", count: 64), provider: .apns)
            try await registry.add(platform: .ios, token: token.value, name: "Anna's iPhone")
            let tube = try TubeName("push-reports")
            let publisher = ReportPublisher(
                queue: queue, registry: registry, endpoint: .tcp(host: "127.0.0.1", port: server.port),
                tube: tube, vapidPublicKey: nil, providers: [.apns], logger: logs.logger)
            let group = ServiceGroup(configuration: .init(services: [publisher], logger: logs.logger))
            let running = Task { try await group.run() }

            let deliveries = 200
            let started = ContinuousClock.now
            for _ in 0..<deliveries {
                queue.recorded(
                    DeliveryAttempt(eventID: UUID(), device: token, attempt: 1, status: .delivered, at: Date()),
                    eventType: .alarm)
                try await Task.sleep(for: .milliseconds(5))
            }
            let seconds = Int((ContinuousClock.now - started).components.seconds)
            let client = try RawBeanstalkClient(server)
            defer { client.close() }
            try await waitUntil("every delivery report and the last devices report") {
                Int(try client.statsIfExists(tube: tube.description)?["total-jobs"] ?? "0") ?? 0 > deliveries
            }
            await group.triggerGracefulShutdown()
            try await running.value

            let total = Int(try client.stats(tube: tube.description)["total-jobs"] ?? "") ?? 0
            let devicesReports = total - deliveries
            // One at start, then at most one a second while the deliveries go on (about a second;
            // longer on a loaded machine), and the last: 200 before the spacing.
            #expect(
                (1...(seconds + 3)).contains(devicesReports),
                "\(devicesReports) devices reports for \(deliveries) deliveries over \(seconds) s")
        }
    }

    @Test func reportsNobodyTakesAreBoundedAndTheOldestDropped() async throws {
        let queue = PushReportQueue()
        let attempt = { (number: Int) in
            DeliveryAttempt(
                eventID: UUID(), device: try DeviceToken(String(repeating: "b", count: 64), provider: .apns),
                attempt: number, status: .retrying, at: Date())
        }
        for number in 1...(PushReportQueue.capacity + 10) { queue.recorded(try attempt(number), eventType: .alarm) }
        queue.finish()
        var kept: [Int] = []
        for await pending in queue.reports {
            guard case .delivery(let body) = pending,
                let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            else { continue }
            kept.append(object["attempts"] as? Int ?? 0)
        }
        #expect(kept.count == PushReportQueue.capacity)
        #expect(kept.first == 11)
        #expect(kept.last == PushReportQueue.capacity + 10)
    }

    /// What `queue` holds once finished: `d` for a devices marker, `r` for a delivery report.
    private static func drained(_ queue: PushReportQueue) async -> String {
        queue.finish()
        var kinds = ""
        for await pending in queue.reports {
            if case .devices = pending { kinds += "d" } else { kinds += "r" }
        }
        return kinds
    }

    @Test func aBurstOfRegistryChangesQueuesOneDevicesReport() async throws {
        let queue = PushReportQueue()
        for _ in 0..<2_000 { queue.registryChanged() }
        queue.devicesTaken()  // the publisher reads the registry: a later change needs a report of its own
        queue.registryChanged()
        queue.registryChanged()
        #expect(await Self.drained(queue) == "dd")
    }

    @Test func aDevicesReportDroppedForRoomIsQueuedAgain() async throws {
        let queue = PushReportQueue()
        queue.registryChanged()
        let attempt = DeliveryAttempt(
            eventID: UUID(), device: try DeviceToken(String(repeating: "c", count: 64), provider: .apns), attempt: 1,
            status: .retrying, at: Date())
        for _ in 0..<PushReportQueue.capacity { queue.recorded(attempt, eventType: .alarm) }
        let kinds = await Self.drained(queue)
        #expect(kinds.count == PushReportQueue.capacity)
        #expect(kinds.filter { $0 == "d" }.count == 1, "the registry change is not forgotten")
    }
}
