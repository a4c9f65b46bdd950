import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

@Suite("Web Push sender against the mock push service (HTTP/2 and HTTP/1.1, TLS, VAPID)")
struct WebPushSenderTests {
    @Test(arguments: [false, true])
    func deliversAnEncryptedMessageTheBrowserCanRead(http1Only: Bool) async throws {
        try await WebPushStage.run(http1Only: http1Only) { stage in
            let browser = TestBrowser()
            let device = try stage.device("kitchen", browser: browser)
            let report = await stage.send(to: device)
            guard case .delivered(let messageID) = report.outcome else {
                Issue.record("expected delivery, got \(report.outcome)")
                return
            }
            #expect(messageID?.isEmpty == false)
            let request = try #require(try await stage.mock.waitForRequests(count: 1).first)
            #expect(request.httpVersion == (http1Only ? "1.1" : "2"))
            #expect(request.subscription == "kitchen")
            #expect(request.refusal == nil)
            #expect(request.headers["content-encoding"] == "aes128gcm")
            #expect(request.headers["urgency"] == "high")
            #expect(request.headers["ttl"].flatMap(Int.init).map { (295...300).contains($0) } == true)
            #expect(request.headers["topic"] == Fixtures.eventID.uuidString.lowercased().filter { $0 != "-" })
            #expect(request.authorization?.hasSuffix(", k=\(stage.vapidKey.publicKeyBase64URL)") == true)
            let plaintext = try WebPushTestDecryptor.decrypt(
                request.body, userAgentKey: browser.key, authSecret: browser.authSecret)
            let payload = try Fixtures.object(plaintext)
            #expect(payload["title"] as? String == "Alarm")
            #expect(payload["event_id"] as? String == Fixtures.eventID.uuidString.lowercased())
        }
    }

    @Test func anHTTP1ServiceGetsConcurrentSendsOneAfterAnother() async throws {
        try await WebPushStage.run(http1Only: true) { stage in
            let devices = try (0..<5).map { try stage.device("tab-\($0)") }
            let outcomes = await withTaskGroup(of: DeliveryOutcome.self) { group in
                for device in devices { group.addTask { await stage.send(to: device).outcome } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.allSatisfy { $0.isFinal }, "\(outcomes)")
            #expect(outcomes.filter { if case .delivered = $0 { true } else { false } }.count == 5)
            #expect(Set(try await stage.mock.waitForRequests(count: 5).map(\.httpVersion)) == ["1.1"])
            #expect(await stage.mock.connectionCount() == 1)
        }
    }

    @Test func aLoopbackEndpointIsRefusedByDefaultAndNothingIsSent() async throws {
        try await WebPushStage.run(allowPrivate: false) { stage in
            let device = try stage.device("secret-capability")
            let report = await stage.send(to: device)
            guard case .fail(let reason) = report.outcome else {
                Issue.record("expected a failure, got \(report.outcome)")
                return
            }
            #expect(reason.contains("127.0.0.1, a loopback address: only public addresses are allowed"), "\(reason)")
            #expect(!reason.contains("secret-capability"))
            #expect(await stage.mock.requests().isEmpty)
            #expect(await stage.mock.connectionCount() == 0)
        }
    }

    @Test func aRedirectIsNotFollowed() async throws {
        try await WebPushStage.run { stage in
            stage.mock.script("moved", [.redirect(location: stage.mock.endpoint("elsewhere"))])
            let device = try stage.device("moved")
            let report = await stage.send(to: device)
            #expect(report.outcome == .fail(reason: "HTTP 307: a redirect, not followed"))
            #expect(await stage.mock.requests().map(\.subscription) == ["moved"])
        }
    }

    @Test(arguments: [
        (MockWebPushReply.error(status: 404), DeliveryOutcome.prune(reason: "HTTP 404")),
        (MockWebPushReply.error(status: 410), DeliveryOutcome.prune(reason: "HTTP 410")),
        (MockWebPushReply.error(status: 413), DeliveryOutcome.fail(reason: "HTTP 413")),
        (MockWebPushReply.error(status: 429, retryAfter: 5), DeliveryOutcome.retry(after: .seconds(5), reason: "HTTP 429", freshConnection: false)),
        (MockWebPushReply.error(status: 503), DeliveryOutcome.retry(after: nil, reason: "HTTP 503", freshConnection: false)),
    ])
    func repliesBecomeTheTablesActions(reply: MockWebPushReply, expected: DeliveryOutcome) async throws {
        try await WebPushStage.run { stage in
            stage.mock.script("tab", [reply])
            let device = try stage.device("tab")
            #expect(await stage.send(to: device).outcome == expected)
        }
    }

    @Test func aVAPIDKeyTheServiceDoesNotKnowFailsTheDeviceOrHaltsWhenWidespread() async throws {
        try await WebPushStage.run(foreignKey: true) { stage in
            let device = try stage.device("tab")
            let report = await stage.send(to: device)
            #expect(report.outcome == .fail(reason: "HTTP 401 BadJwtToken"))
            #expect(report.widespreadOutcome == .halt(reason: "HTTP 401 BadJwtToken"))
            #expect(try await stage.mock.waitForRequests(count: 1).first?.refusal == "k is not the key the subscription was made with")
        }
    }

    @Test func aHangingServiceTimesOutAsARetry() async throws {
        try await WebPushStage.run(timeout: .milliseconds(300)) { stage in
            stage.mock.script("tab", [.hang])
            let device = try stage.device("tab")
            #expect(await stage.send(to: device).outcome == .retry(after: nil, reason: "timeout", freshConnection: true))
        }
    }
}
