import AlarmCore
import Beanstalk
import Foundation
import PushConsumer
import PushDelivery
import PushMocks
import ServiceLifecycle
import TestSupport
import Testing

/// The push consumer's services in-process, against a real beanstalkd and the mock providers.
@Suite("Push consumer")
struct PushConsumerTests {
    /// Runs the consumer's services while `body` runs; stops them gracefully afterwards.
    func withConsumer(
        _ stage: PushStage, configuration: HowAlarmingConfig? = nil, clock: WallClock = .system,
        _ body: () async throws -> Void
    ) async throws {
        let configuration = try configuration ?? stage.configuration()
        let senders = try PushSenders.make(configuration: configuration.push, logger: quietLogger)
        let services = try PushConsumerApp.services(
            configuration: configuration, senders: senders, logger: quietLogger, clock: clock)
        let group = ServiceGroup(configuration: .init(services: services, logger: quietLogger))
        let running = Task { try await group.run() }
        try await TestSupport.running({ try await body() }, then: {
            await group.triggerGracefulShutdown()
            _ = try? await running.value
        })
    }

    func registry(_ stage: PushStage) throws -> DeviceRegistry {
        DeviceRegistry(database: try PushDatabase(path: stage.databasePath))
    }

    @Test func triggersBecomeNotificationsOnBothProvidersAndOtherEventsAreAcknowledged() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            try await registry.add(platform: .ios, token: PushStage.apnsToken(1))
            try await registry.add(platform: .android, token: "android-token:1")
            try await withConsumer(stage) {
                try await stage.put(PushStage.alarm(type: "info"))
                try await stage.put(PushStage.alarm())
                let apple = try await stage.apns.waitForRequests(count: 1)
                let google = try await stage.fcm.waitForRequests(count: 1)
                let payload = try JSONSerialization.jsonObject(with: Data(apple[0].body)) as? [String: Any]
                #expect(payload?["type"] as? String == "alarm")
                #expect(google[0].deviceToken == "android-token:1")
            }
            // The info event came first and was acknowledged without a notification.
            #expect(await stage.apns.requests().count == 1)
            #expect(await stage.fcm.requests().count == 1)
            // Stopped, the consumer no longer watches the push tube, which beanstalkd then drops.
            #expect(try stage.readyJobs(in: "push") == 0)
        }
    }

    @Test func theAPNsKeyCanComeFromTheEnvironmentInsteadOfAFile() async throws {
        try await PushStage.run { stage in
            let text = stage.configurationText().replacingOccurrences(of: "    key_file: AuthKey.p8\n", with: "")
            #expect(!text.contains("    key_file"))
            let configuration = try HowAlarmingConfig.parse(
                yaml: text, path: stage.configPath, environment: ["HOWALARMING_PUSH_APNS_KEY": stage.apnsKey.p8PEM])
            try await registry(stage).add(platform: .ios, token: PushStage.apnsToken(1))
            try await withConsumer(stage, configuration: configuration) {
                try await stage.put(PushStage.alarm())
                // The mock verifies the JWT's ES256 signature with the key's public half.
                let delivered = try await stage.apns.waitForRequests(count: 1)
                #expect(delivered[0].deviceToken == PushStage.apnsToken(1))
                #expect(delivered[0].replyStatus == 200, "\(delivered[0].replyReason ?? "")")
            }
        }
    }

    @Test func theSameEventPutTwiceIsDeliveredOncePerDevice() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            for index in 1...5 { try await registry.add(platform: .ios, token: PushStage.apnsToken(index)) }
            let event = PushStage.alarm()
            try await withConsumer(stage) {
                try await stage.put(event)
                try await stage.put(event)
                // A later event as a barrier: when its notifications arrive, both copies were handled.
                try await stage.put(PushStage.alarm(zone: 2))
                _ = try await stage.apns.waitForRequests(count: 10)
            }
            let requests = await stage.apns.requests()
            #expect(requests.count == 10)
            #expect(Set(requests.map { $0.headers["apns-id"] ?? "" }).count == 10)
        }
    }

    @Test func deadTokensArePrunedAndRetriesDeliverWithoutDuplicates() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            for index in 1...3 { try await registry.add(platform: .ios, token: PushStage.apnsToken(index)) }
            stage.apns.script(token: PushStage.apnsToken(2), [.error(status: 410, reason: "Unregistered")])
            stage.apns.script(token: PushStage.apnsToken(3), [
                .error(status: 500, reason: "InternalServerError"), .error(status: 503, reason: "ServiceUnavailable"),
            ])
            try await withConsumer(stage) {
                try await stage.put(PushStage.alarm())
                // 1 delivered, 2 pruned, 3 delivered on its third attempt.
                _ = try await stage.apns.waitForRequests(count: 5)
                try await waitUntil("the job to be deleted") { try stage.stats()["cmd-delete"] == "1" }
            }
            #expect(Set(try await registry.list().map(\.token.value)) == [PushStage.apnsToken(1), PushStage.apnsToken(3)])
            let delivered = await stage.apns.requests().filter { $0.replyStatus == 200 }.map(\.deviceToken)
            #expect(delivered.sorted() == [PushStage.apnsToken(1), PushStage.apnsToken(3)])
        }
    }

    @Test func oneDevicesForbiddenOrThirdPartyAuthErrorDoesNotHaltItsProvider() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            for index in 1...3 {
                try await registry.add(platform: .ios, token: PushStage.apnsToken(index))
                try await registry.add(platform: .android, token: "android-token:\(index)")
            }
            stage.apns.script(token: PushStage.apnsToken(1), [.error(status: 403, reason: "Forbidden")])
            stage.fcm.script(token: "android-token:1", [
                .error(status: 401, grpcStatus: "UNAUTHENTICATED", errorCode: "THIRD_PARTY_AUTH_ERROR")
            ])
            try await withConsumer(stage) {
                try await stage.put(PushStage.alarm())
                try await stage.put(PushStage.alarm(zone: 2))
                // The second alarm reaches every phone too: neither provider halted for one device.
                _ = try await stage.apns.waitForRequests(count: 6)
                _ = try await stage.fcm.waitForRequests(count: 6)
                try await waitUntil("both jobs to be deleted") { try stage.stats()["cmd-delete"] == "2" }
            }
            #expect(await stage.apns.requests().filter { $0.replyStatus == 200 }.count == 5)
            #expect(await stage.fcm.requests().filter { $0.replyStatus == 200 }.count == 5)
            #expect(try stage.stats()["current-jobs-buried"] == "0")
        }
    }

    @Test func aKickedAlarmPastItsLifetimeIsDeliveredOnceAndNotBuriedAgain() async throws {
        try await PushStage.run { stage in
            try await registry(stage).add(platform: .ios, token: PushStage.apnsToken(1))
            // The consumer's clock runs an hour ahead: every alarm is past its lifetime on arrival,
            // as after an outage longer than push.lifetime.
            let late = WallClock { Date().addingTimeInterval(3600) }
            try await withConsumer(stage, clock: late) {
                try await stage.put(PushStage.alarm())
                try await waitUntil("the stale alarm to be buried") { try stage.stats()["current-jobs-buried"] == "1" }
                #expect(await stage.apns.requests().isEmpty)

                // The operator kicks it, as docs/operations.md says: the phone gets it now.
                let connection = try await stage.connection(using: "push")
                #expect(try await connection.kick(bound: 10) == 1)
                await connection.close()
                let delivered = try await stage.apns.waitForRequests(count: 1)
                #expect(delivered[0].replyStatus == 200)
                try await waitUntil("the kicked job to be deleted") { try stage.stats()["cmd-delete"] == "1" }
            }
            #expect(try stage.stats()["current-jobs-buried"] == "0")
            #expect(await stage.apns.requests().count == 1)
        }
    }

    @Test func registrationsFromTheQueueReachTheRegistryAndBadOnesAreBuried() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            try await withConsumer(stage) {
                try await stage.put(
                    #"{"type":"register","platform":"ios","token":"\#(PushStage.apnsToken(7))","environment":"sandbox","name":"Kitchen iPad"}"#,
                    on: "push-registrations")
                try await stage.put(#"{"type":"register","platform":"ios","token":"not-hex"}"#, on: "push-registrations")
                try await stage.put("not json at all", on: "push")
                try await waitUntil("the registration") { try await registry.list().count == 1 }
                try await waitUntil("two buried jobs") {
                    try stage.stats()["current-jobs-buried"] == "2"
                }
            }
            let device = try #require(try await registry.list().first)
            #expect(device.environment == .sandbox)
            #expect(device.name == "Kitchen iPad")
        }
    }

    @Test func runsWithNoDevicesAndAcknowledgesEvents() async throws {
        try await PushStage.run { stage in
            try await withConsumer(stage) {
                try await stage.put(PushStage.alarm())
                try await waitUntil("the event to be acknowledged") {
                    try stage.stats()["cmd-delete"] == "1"
                }
            }
            #expect(await stage.apns.requests().isEmpty)
        }
    }
}
