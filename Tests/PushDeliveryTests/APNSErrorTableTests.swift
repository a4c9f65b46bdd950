import AlarmCore
import Foundation
import PushDelivery
import Testing

@Suite struct APNSErrorTableTests {
    private static func action(
        _ status: Int, _ reason: String?, timestamp: Date? = nil, retryAfter: Duration? = nil,
        context: DeliveryContext = DeliveryContext()
    ) -> DeliveryOutcome {
        APNSErrorTable.action(
            for: APNSResponse(status: status, reason: reason, timestamp: timestamp, retryAfter: retryAfter),
            context: context)
    }

    /// Every reason of the reference's table with an ordinary context.
    static let rows: [(Int, String, DeliveryOutcome)] = [
        (400, "BadCollapseId", .fail(reason: "BadCollapseId")),
        (400, "BadDeviceToken", .prune(reason: "BadDeviceToken")),
        (400, "BadExpirationDate", .fail(reason: "BadExpirationDate")),
        (400, "BadMessageId", .fail(reason: "BadMessageId")),
        (400, "BadPriority", .fail(reason: "BadPriority")),
        (400, "BadTopic", .halt(reason: "BadTopic")),
        (400, "DeviceTokenNotForTopic", .prune(reason: "DeviceTokenNotForTopic")),
        (400, "DuplicateHeaders", .fail(reason: "DuplicateHeaders")),
        (400, "IdleTimeout", .retry(after: .zero, reason: "IdleTimeout", freshConnection: true)),
        (400, "InvalidPushType", .fail(reason: "InvalidPushType")),
        (400, "MissingDeviceToken", .fail(reason: "MissingDeviceToken")),
        (400, "MissingTopic", .halt(reason: "MissingTopic")),
        (400, "PayloadEmpty", .fail(reason: "PayloadEmpty")),
        (400, "TopicDisallowed", .halt(reason: "TopicDisallowed")),
        (403, "BadCertificate", .halt(reason: "BadCertificate")),
        (403, "BadCertificateEnvironment", .halt(reason: "BadCertificateEnvironment")),
        (403, "ExpiredProviderToken", .refreshCredentials(reason: "ExpiredProviderToken")),
        (403, "Forbidden", .fail(reason: "Forbidden")),
        (403, "InvalidProviderToken", .halt(reason: "InvalidProviderToken")),
        (403, "MissingProviderToken", .fail(reason: "MissingProviderToken")),
        (403, "UnrelatedKeyIdInToken", .retry(after: .zero, reason: "UnrelatedKeyIdInToken", freshConnection: true)),
        (403, "BadEnvironmentKeyInToken", .halt(reason: "BadEnvironmentKeyInToken")),
        (403, "BadEnvironmentKeyIdInToken", .halt(reason: "BadEnvironmentKeyIdInToken")),
        (404, "BadPath", .fail(reason: "BadPath")),
        (405, "MethodNotAllowed", .fail(reason: "MethodNotAllowed")),
        (410, "ExpiredToken", .prune(reason: "ExpiredToken")),
        (410, "Unregistered", .prune(reason: "Unregistered")),
        (413, "PayloadTooLarge", .fail(reason: "PayloadTooLarge")),
        (
            429, "TooManyProviderTokenUpdates",
            .retry(after: .seconds(300), reason: "TooManyProviderTokenUpdates", freshConnection: false)
        ),
        (429, "TooManyRequests", .retry(after: nil, reason: "TooManyRequests", freshConnection: false)),
        (500, "InternalServerError", .retry(after: nil, reason: "InternalServerError", freshConnection: true)),
        (503, "ServiceUnavailable", .retry(after: nil, reason: "ServiceUnavailable", freshConnection: true)),
        (503, "Shutdown", .retry(after: nil, reason: "Shutdown", freshConnection: true)),
    ]

    @Test(arguments: rows)
    func everyReason(_ status: Int, _ reason: String, _ outcome: DeliveryOutcome) {
        #expect(Self.action(status, reason) == outcome)
    }

    @Test func successIsDeliveredWithTheApnsID() {
        let response = APNSResponse(status: 200, apnsID: "8e1b0f36-2c7e-5d1a-9f3e-4a6b7c8d9e0f")
        #expect(
            APNSErrorTable.action(for: response, context: DeliveryContext())
                == .delivered(providerMessageID: "8e1b0f36-2c7e-5d1a-9f3e-4a6b7c8d9e0f"))
    }

    @Test(arguments: ["Unregistered", "ExpiredToken"])
    func goneOnlyPrunesTokensRegisteredBeforeTheReply(_ reason: String) {
        let reply = Fixtures.now
        let before = DeliveryContext(tokenRegisteredAt: reply.addingTimeInterval(-1))
        let same = DeliveryContext(tokenRegisteredAt: reply)
        let after = DeliveryContext(tokenRegisteredAt: reply.addingTimeInterval(1))
        #expect(Self.action(410, reason, timestamp: reply, context: before) == .prune(reason: reason))
        #expect(Self.action(410, reason, timestamp: reply, context: same) == .fail(reason: reason))
        #expect(Self.action(410, reason, timestamp: reply, context: after) == .fail(reason: reason))
        #expect(Self.action(410, reason, timestamp: nil, context: after) == .prune(reason: reason))
        #expect(Self.action(410, reason, timestamp: reply, context: DeliveryContext()) == .prune(reason: reason))
    }

    @Test func contextOfARegisteredDevice() throws {
        let reply = Fixtures.now
        let device = RegisteredDevice(
            token: try DeviceToken(Fixtures.apnsToken, provider: .apns), platform: .ios, environment: .production,
            createdAt: reply.addingTimeInterval(-86_400), registeredAt: reply.addingTimeInterval(5))
        let context = DeliveryContext(device: device)
        #expect(context.tokenRegisteredAt == device.registeredAt)
        #expect(Self.action(410, "Unregistered", timestamp: reply, context: context) == .fail(reason: "Unregistered"))
    }

    @Test func tokenForAnotherTopicOnEveryDeviceHalts() {
        #expect(
            Self.action(400, "DeviceTokenNotForTopic", context: DeliveryContext(widespread: true))
                == .halt(reason: "DeviceTokenNotForTopic"))
    }

    /// `Forbidden` (or a bare 403) can concern one token alone: it halts APNs only when most
    /// devices of the event get it.
    @Test(arguments: ["Forbidden", nil])
    func forbiddenForOneTokenFailsItAndHaltsOnlyWhenWidespread(_ reason: String?) {
        let word = reason ?? "HTTP 403"
        #expect(Self.action(403, reason) == .fail(reason: word))
        #expect(Self.action(403, reason, context: DeliveryContext(widespread: true)) == .halt(reason: word))
    }

    @Test func expiredProviderTokenIsRefreshedOnce() {
        let refreshed = DeliveryContext(credentialsRefreshed: true)
        #expect(Self.action(403, "ExpiredProviderToken", context: refreshed) == .halt(reason: "ExpiredProviderToken"))
    }

    @Test(arguments: ["TooManyRequests", "TooManyProviderTokenUpdates", "ServiceUnavailable", "InternalServerError"])
    func retryAfterIsHonoured(_ reason: String) {
        let outcome = Self.action(429, reason, retryAfter: .seconds(42))
        guard case .retry(let after, reason, _) = outcome else {
            Issue.record("expected a retry, got \(outcome)")
            return
        }
        #expect(after == .seconds(42))
    }

    @Test func unknownReasonIsRetriedWithANote() {
        #expect(
            Self.action(400, "BrandNewReason")
                == .retry(after: nil, reason: "BrandNewReason (unrecognised)", freshConnection: false))
    }

    static let statusRows: [(Int, DeliveryOutcome)] = [
        (400, .fail(reason: "HTTP 400")),
        (403, .fail(reason: "HTTP 403")),
        (404, .fail(reason: "HTTP 404")),
        (405, .fail(reason: "HTTP 405")),
        (410, .prune(reason: "HTTP 410")),
        (413, .fail(reason: "HTTP 413")),
        (429, .retry(after: nil, reason: "HTTP 429", freshConnection: false)),
        (500, .retry(after: nil, reason: "HTTP 500", freshConnection: true)),
        (502, .retry(after: nil, reason: "HTTP 502", freshConnection: true)),
        (503, .retry(after: nil, reason: "HTTP 503", freshConnection: true)),
        (418, .retry(after: nil, reason: "HTTP 418 (unrecognised)", freshConnection: false)),
    ]

    @Test(arguments: statusRows)
    func withoutReasonTheStatusDecides(_ status: Int, _ outcome: DeliveryOutcome) {
        #expect(Self.action(status, nil) == outcome)
    }

    @Test func outcomesSayWhetherTheDeviceIsDone() {
        #expect(DeliveryOutcome.delivered(providerMessageID: nil).isFinal)
        #expect(DeliveryOutcome.prune(reason: "x").isFinal)
        #expect(DeliveryOutcome.fail(reason: "x").isFinal)
        #expect(!DeliveryOutcome.retry(after: nil, reason: "x", freshConnection: false).isFinal)
        #expect(!DeliveryOutcome.refreshCredentials(reason: "x").isFinal)
        #expect(!DeliveryOutcome.halt(reason: "x").isFinal)
        #expect(DeliveryOutcome.delivered(providerMessageID: "id").reason == nil)
        #expect(DeliveryOutcome.halt(reason: "BadTopic").reason == "BadTopic")
    }
}

@Suite struct APNSResponseTests {
    @Test func readsTheErrorBodyAndHeaders() {
        let response = APNSResponse(
            status: 410,
            headerFields: [
                (name: "APNS-ID", value: "abc"), (name: "apns-unique-id", value: "u-1"),
                (name: "Retry-After", value: "30"),
            ],
            body: Array(#"{"reason":"Unregistered","timestamp":1700000000123}"#.utf8),
            now: Fixtures.now)
        #expect(
            response
                == APNSResponse(
                    status: 410, apnsID: "abc", apnsUniqueID: "u-1", reason: "Unregistered",
                    timestamp: Date(timeIntervalSince1970: 1_700_000_000.123), retryAfter: .seconds(30)))
    }

    @Test(arguments: ["", "not json", "[1]", #"{"reason":7}"#])
    func unreadableBodiesLeaveTheStatusToDecide(_ body: String) {
        let response = APNSResponse(status: 500, headerFields: [], body: Array(body.utf8), now: Fixtures.now)
        #expect(response == APNSResponse(status: 500))
    }

    @Test func environmentsKnowTheirHosts() {
        #expect(APNSEnvironment.production.host == "api.push.apple.com")
        #expect(APNSEnvironment.sandbox.host == "api.sandbox.push.apple.com")
    }
}
