import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

@Suite("FCM sender against the mock FCM (HTTP/2, TLS, OAuth RS256)")
struct FCMSenderTests {
    let phone = try! RegistryFixtures.device(.android, RegistryFixtures.fcmToken("-1"))

    @Test func deliversWithAnAccessTokenFromTheServiceAccount() async throws {
        try await FCMStage.run { stage in
            let report = await stage.send(to: phone)
            guard case .delivered(let name) = report.outcome else {
                Issue.record("expected delivery, got \(report.outcome)")
                return
            }
            #expect(name?.hasPrefix("projects/\(stage.account.projectID)/messages/") == true)
            let request = try #require(try await stage.mock.waitForRequests(count: 1).first)
            #expect(request.httpVersion == "2")
            #expect(request.deviceToken == phone.token.value)
            let message = try #require(try Fixtures.object(request.body).object("message"))
            #expect(message.object("data")?["type"] as? String == "alarm")
            #expect(message.object("data")?["partition"] as? String == "1")
            #expect(message.object("android")?["priority"] as? String == "high")
        }
    }

    @Test func oneAccessTokenServesManySends() async throws {
        try await FCMStage.run { stage in
            let devices = try (0..<20).map { try RegistryFixtures.device(.android, RegistryFixtures.fcmToken("-\($0)")) }
            await withTaskGroup(of: Void.self) { group in
                for device in devices { group.addTask { _ = await stage.send(to: device) } }
            }
            #expect(try await stage.mock.waitForRequests(count: 20).count == 20)
            #expect(await stage.mock.tokenExchangeCount() == 1)
        }
    }

    @Test(arguments: [
        (MockFCMReply.error(status: 404, grpcStatus: "NOT_FOUND", errorCode: "UNREGISTERED"), DeliveryOutcome.prune(reason: "UNREGISTERED")),
        (MockFCMReply.invalidToken, DeliveryOutcome.prune(reason: "INVALID_ARGUMENT")),
        (MockFCMReply.error(status: 429, grpcStatus: "RESOURCE_EXHAUSTED", errorCode: "QUOTA_EXCEEDED", retryAfter: 9),
         DeliveryOutcome.retry(after: .seconds(9), reason: "QUOTA_EXCEEDED", freshConnection: false)),
        (MockFCMReply.error(status: 401, grpcStatus: "UNAUTHENTICATED", errorCode: "THIRD_PARTY_AUTH_ERROR"),
         DeliveryOutcome.fail(reason: "THIRD_PARTY_AUTH_ERROR")),
    ])
    func repliesBecomeTheTablesActions(reply: MockFCMReply, expected: DeliveryOutcome) async throws {
        try await FCMStage.run { stage in
            stage.mock.script(token: phone.token.value, [reply])
            #expect(await stage.send(to: phone).outcome == expected)
        }
    }

    @Test func aRevokedAccessTokenIsReplacedAndTheSendRepeated() async throws {
        // Behind, so that after two minutes the new assertion is not from the future.
        let clock = FakeClock(Date().addingTimeInterval(-600))
        try await FCMStage.run(clock: clock.clock) { stage in
            #expect(await stage.send(to: phone).outcome.isFinal)
            stage.mock.revokeAccessTokens()
            clock.advance(by: .seconds(120))
            #expect(await stage.send(to: phone).outcome.isFinal)
            #expect(await stage.mock.tokenExchangeCount() == 2)
        }
    }

    @Test func anAssertionTheTokenEndpointRefusesHalts() async throws {
        try await FCMStage.run(foreignKey: true) { stage in
            let outcome = await stage.send(to: phone).outcome
            guard case .halt(let reason) = outcome else {
                Issue.record("expected a halt, got \(outcome)")
                return
            }
            #expect(reason.contains("refused"))
            #expect(await stage.mock.requests().isEmpty)
        }
    }
}
