import AlarmCore
import Foundation
import PushDelivery
import TestSupport
import Testing

/// The delivery ledger: attempts, device health, and skipping delivered devices on redelivery.
struct RegistryLedgerTests {
    let database: PushDatabase
    let registry: DeviceRegistry
    let ledger: DeliveryLedger
    let iphone: DeviceToken
    let pixel: DeviceToken

    init() throws {
        database = try PushDatabase.inMemory()
        registry = DeviceRegistry(database: database)
        ledger = DeliveryLedger(database: database)
        iphone = try DeviceToken(RegistryFixtures.apnsToken("1"), provider: .apns)
        pixel = try DeviceToken(RegistryFixtures.fcmToken("pixel"), provider: .fcm)
    }

    @Test func attemptsAreNumberedPerEventAndDeviceAndReadBack() async throws {
        let event = UUID()
        let first = try await ledger.record(
            eventID: event, device: iphone, status: .retrying, reason: "TooManyRequests", latency: .milliseconds(12.5))
        try await ledger.record(eventID: event, device: pixel, status: .delivered, providerMessageID: "projects/p/messages/1")
        let third = try await ledger.record(
            eventID: event, device: iphone, status: .delivered, providerMessageID: "6a5b4c3d-0000-4000-8000-000000000001")
        try await ledger.record(eventID: UUID(), device: iphone, status: .failed, reason: "PayloadTooLarge")
        #expect(first.attempt == 1 && third.attempt == 2)

        let attempts = try await ledger.attempts(eventID: event, device: iphone)
        #expect(attempts == [first, third])
        #expect(attempts[0].latency == .milliseconds(12.5))
        #expect(attempts[0].reason == "TooManyRequests")
        #expect(attempts[1].providerMessageID == "6a5b4c3d-0000-4000-8000-000000000001")
        #expect(try await ledger.history(eventID: event).map(\.device) == [iphone, pixel, iphone])
        #expect(try await ledger.history(eventID: event).map(\.status) == [.retrying, .delivered, .delivered])
        #expect(try await ledger.deliveredDevices(eventID: event) == [iphone, pixel])
        #expect(try await ledger.history(eventID: UUID()).isEmpty)
    }

    @Test func recordingUpdatesTheDevicesLastSuccessAndLastError() async throws {
        try await registry.add(platform: .ios, token: iphone.value)
        try await registry.add(platform: .android, token: pixel.value)
        let failure = try await ledger.record(eventID: UUID(), device: iphone, status: .retrying, reason: "ServiceUnavailable")
        let success = try await ledger.record(eventID: UUID(), device: pixel, status: .delivered)
        try await ledger.record(eventID: UUID(), device: pixel, status: .failed)
        let devices = try await registry.list()
        #expect(devices[0].lastError == "ServiceUnavailable")
        #expect(devices[0].lastErrorAt == failure.at)
        #expect(devices[0].lastSuccessAt == nil)
        #expect(devices[1].lastSuccessAt == success.at)
        #expect(devices[1].lastError == "failed")
    }

    @Test func aRedeliveredJobSkipsDevicesAlreadyDelivered() async throws {
        for token in [iphone, pixel] {
            try await registry.add(platform: token.provider == .apns ? .ios : .android, token: token.value)
        }
        let third = RegistryFixtures.apnsToken("3")
        try await registry.add(platform: .ios, token: third)
        let event = UUID()
        let devices = try await registry.list()

        // First run: the iPhone is delivered, the Pixel is throttled, and the process dies
        // before the third device's reply is recorded.
        let firstPlan = try await plan(devices, event)
        #expect(firstPlan.pending.count == 3)
        try await ledger.record(eventID: event, device: iphone, status: .delivered)
        try await ledger.record(eventID: event, device: pixel, status: .retrying, reason: "QUOTA_EXCEEDED")

        // The job comes back (TTR expired): only the devices without a delivery are sent to.
        let retryPlan = try await plan(devices, event)
        #expect(retryPlan.alreadyFinished.map(\.token) == [iphone])
        #expect(retryPlan.pending.map(\.token.value) == [pixel.value, third])
        for device in retryPlan.pending {
            try await ledger.record(eventID: event, device: device.token, status: .delivered)
        }
        #expect(JobCompletion(outcomes: retryPlan.pending.map { _ in .delivered }) == .delete)

        // The same event put twice: nothing left to send.
        let duplicatePlan = try await plan(devices, event)
        #expect(duplicatePlan.pending.isEmpty)
        #expect(duplicatePlan.alreadyFinished.count == 3)
        #expect(try await ledger.attempts(eventID: event, device: pixel).map(\.attempt) == [1, 2])
    }

    /// The plan for `event` with both providers configured, from the ledger's current state.
    func plan(_ devices: [RegisteredDevice], _ event: UUID) async throws -> FanOutPlan {
        FanOutPlan(devices: devices, finished: try await ledger.finishedDevices(eventID: event), providers: [.apns, .fcm])
    }

    @Test func deliveriesSurviveReopeningTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("push.sqlite")
            let event = UUID()
            try await DeliveryLedger(database: PushDatabase(path: path)).record(eventID: event, device: pixel, status: .delivered)
            let reopened = DeliveryLedger(database: try PushDatabase(path: path))
            #expect(try await reopened.deliveredDevices(eventID: event) == [pixel])
        }
    }

    @Test func tenThousandConcurrentRecordsAreAllKeptAndNumberedWithoutGaps() async throws {
        try await withTemporaryDirectory { directory in
            let ledger = DeliveryLedger(database: try PushDatabase(path: directory.appending("push.sqlite")))
            let event = UUID()
            let devices = try (0..<1000).map { try DeviceToken(RegistryFixtures.fcmToken(String($0)), provider: .fcm) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for device in devices {
                    for attempt in 1...10 {
                        group.addTask {
                            let status: DeliveryStatus = attempt == 10 && device.value.hasSuffix("7") ? .delivered : .retrying
                            try await ledger.record(eventID: event, device: device, status: status, latency: .milliseconds(1))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let history = try await ledger.history(eventID: event)
            #expect(history.count == 10_000)
            let numbers = Dictionary(grouping: history, by: \.device).mapValues { $0.map(\.attempt) }
            #expect(numbers.count == 1000)
            #expect(numbers.values.allSatisfy { $0 == Array(1...10) })
            #expect(try await ledger.deliveredDevices(eventID: event).count == 100)
        }
    }
}
