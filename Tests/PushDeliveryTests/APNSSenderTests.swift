import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

@Suite("APNs sender against the mock APNs (HTTP/2, TLS, ES256)")
struct APNSSenderTests {
    let phone = try! RegistryFixtures.device(.ios, RegistryFixtures.apnsToken("a"))

    @Test func deliversOverHTTP2WithTheProviderTokenAndApplesHeaders() async throws {
        try await APNSStage.run { stage in
            let event = Fixtures.event()
            let report = await stage.send(event, to: phone)
            let apnsID = NameBasedUUID.apnsID(eventID: event.stableID, deviceToken: phone.token.value)
            #expect(report.outcome == .delivered(providerMessageID: apnsID.uuidString.lowercased()))

            let request = try #require(try await stage.mock.waitForRequests(count: 1).first)
            #expect(request.httpVersion == "2")
            #expect(request.deviceToken == phone.token.value)
            #expect(request.jwt != nil)
            #expect(request.headers["apns-topic"] == APNSStage.topic)
            #expect(request.headers["apns-push-type"] == "alert")
            #expect(request.headers["apns-priority"] == "10")
            #expect(request.headers["apns-id"] == apnsID.uuidString.lowercased())
            let payload = try Fixtures.object(request.body)
            #expect(payload["type"] as? String == "alarm")
            #expect(payload.object("aps")?.object("alert")?["title"] as? String == "Alarm")
        }
    }

    @Test func oneProviderTokenServesManyConcurrentSends() async throws {
        try await APNSStage.run { stage in
            let devices = try (0..<40).map { try RegistryFixtures.device(.ios, DispatchBench.apnsToken($0 + 1)) }
            let reports = await withTaskGroup(of: SendReport.self) { group in
                for device in devices { group.addTask { await stage.send(to: device) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.allSatisfy { if case .delivered = $0.outcome { true } else { false } })
            #expect(try await stage.mock.waitForRequests(count: 40).count == 40)
            #expect(await stage.mock.distinctJWTs().count == 1)
            #expect(await stage.mock.connectionCount() == 1, "one HTTP/2 connection, many streams")
        }
    }

    @Test func unregisteredPrunesFromTheReplysTimestamp() async throws {
        try await APNSStage.run { stage in
            // Apple's timestamps are whole milliseconds, after the registration.
            let since = Date(timeIntervalSince1970: (phone.registeredAt.timeIntervalSince1970 + 1).rounded())
            stage.mock.script(token: phone.token.value, [.error(status: 410, reason: "Unregistered", timestamp: since)])
            let report = await stage.send(to: phone)
            #expect(report.outcome == .prune(reason: "Unregistered"))
            #expect(report.invalidSince == since)
        }
    }

    @Test func tooManyRequestsRetriesAfterTheProvidersDelay() async throws {
        try await APNSStage.run { stage in
            stage.mock.script(token: phone.token.value, [.error(status: 429, reason: "TooManyRequests", retryAfter: 7)])
            #expect(await stage.send(to: phone).outcome
                == .retry(after: .seconds(7), reason: "TooManyRequests", freshConnection: false))
        }
    }

    @Test func aServerErrorRetriesOnAFreshConnectionAndTheRetryIsDelivered() async throws {
        try await APNSStage.run { stage in
            stage.mock.script(token: phone.token.value, [.error(status: 503, reason: "ServiceUnavailable")])
            #expect(await stage.send(to: phone).outcome
                == .retry(after: nil, reason: "ServiceUnavailable", freshConnection: true))
            #expect(await stage.send(to: phone).outcome.isFinal)
            let requests = try await stage.mock.waitForRequests(count: 2)
            #expect(requests[0].headers["apns-id"] == requests[1].headers["apns-id"])
        }
    }

    @Test func aStreamThatNeverAnswersTimesOutAndIsRetriedWithTheSameID() async throws {
        // Long enough for the fresh connection's handshake while make test runs the heavy suites
        // side by side on two cores.
        try await APNSStage.run(timeout: .seconds(5)) { stage in
            stage.mock.script(token: phone.token.value, [.hang])
            let report = await stage.send(to: phone)
            #expect(report.outcome == .retry(after: nil, reason: "timeout", freshConnection: true))
            #expect(report.latency >= .seconds(5))
            // The next send (a fresh connection) is answered.
            let next = await stage.send(to: phone).outcome
            #expect(next.isFinal, "\(next)")
        }
    }

    @Test func anExpiredProviderTokenIsReplacedOnceAndTheSendRepeated() async throws {
        // Half an hour behind, so that after 25 minutes the new token is not from the future.
        let clock = FakeClock(Date().addingTimeInterval(-1800))
        try await APNSStage.run(clock: clock.clock) { stage in
            #expect(await stage.send(to: phone).outcome.isFinal)
            clock.advance(by: .seconds(25 * 60))
            stage.mock.script(token: phone.token.value, [.error(status: 403, reason: "ExpiredProviderToken")])
            #expect(await stage.send(to: phone).outcome.isFinal)
            let requests = try await stage.mock.waitForRequests(count: 3)
            #expect(requests.map(\.replyStatus) == [200, 403, 200])
            #expect(await stage.mock.distinctJWTs().count == 2)
        }
    }

    @Test func anExpiredYoungTokenMeansAWrongClockAndHalts() async throws {
        // The sender's clock is two hours slow: its fresh token is already too old for APNs.
        let clock = FakeClock(Date().addingTimeInterval(-7200))
        try await APNSStage.run(clock: clock.clock) { stage in
            let outcome = await stage.send(to: phone).outcome
            guard case .halt(let reason) = outcome else {
                Issue.record("expected a halt, got \(outcome)")
                return
            }
            #expect(reason.contains("ExpiredProviderToken"))
        }
    }

    @Test func aTokenFromAnotherKeyHaltsAndPrunesNothing() async throws {
        try await APNSStage.run(signingKey: TestAPNSKey.generate()) { stage in
            let report = await stage.send(to: phone)
            #expect(report.outcome == .halt(reason: "InvalidProviderToken"))
            if let jwt = try await stage.mock.waitForRequests(count: 1).first?.jwt {
                #expect(!"\(report)".contains(jwt))
            }
        }
    }

    @Test func certificateAuthenticationSendsNoToken() async throws {
        try await APNSStage.run(certificate: true) { stage in
            #expect(await stage.send(to: phone).outcome.isFinal)
            let request = try #require(try await stage.mock.waitForRequests(count: 1).first)
            #expect(request.jwt == nil)
            #expect(request.headers["authorization"] == nil)
        }
    }
}
