import AlarmCore
import CommandAPITestSupport
import Foundation
import Testing

@testable import CommandAPI

/// Repeated authentication failures from one address: the pure rule, then over HTTP.
@Suite("Throttling")
struct ThrottleTests {
    private let start = ContinuousClock.now

    @Test func anAddressIsRefusedAfterTheLimitUntilTheOldestFailureExpires() {
        var throttle = FailureThrottle<ContinuousClock.Instant>(limit: 3, window: .seconds(60))
        for second in [0, 10, 20] {
            #expect(throttle.retryAfter(for: "10.0.0.1", now: start + .seconds(second)) == nil)
            throttle.recordFailure(from: "10.0.0.1", now: start + .seconds(second))
        }
        #expect(throttle.retryAfter(for: "10.0.0.1", now: start + .seconds(21)) == .seconds(39))
        #expect(throttle.retryAfter(for: "10.0.0.2", now: start + .seconds(21)) == nil)
        // The failure at 0 s expires at 60 s: one more try, then refused until 70 s.
        #expect(throttle.retryAfter(for: "10.0.0.1", now: start + .seconds(60)) == nil)
        throttle.recordFailure(from: "10.0.0.1", now: start + .seconds(60))
        #expect(throttle.retryAfter(for: "10.0.0.1", now: start + .seconds(61)) == .seconds(9))
    }

    @Test func failuresOutsideTheWindowDoNotCount() {
        var throttle = FailureThrottle<ContinuousClock.Instant>(limit: 2, window: .seconds(10))
        throttle.recordFailure(from: "a", now: start)
        throttle.recordFailure(from: "a", now: start + .seconds(11))
        #expect(throttle.retryAfter(for: "a", now: start + .seconds(12)) == nil)
    }

    @Test func memoryIsBoundedForgettingExpiredThenStalestAddresses() {
        var throttle = FailureThrottle<ContinuousClock.Instant>(limit: 5, window: .seconds(10), maximumAddresses: 3)
        throttle.recordFailure(from: "old", now: start)
        throttle.recordFailure(from: "b", now: start + .seconds(20))
        throttle.recordFailure(from: "c", now: start + .seconds(21))
        throttle.recordFailure(from: "d", now: start + .seconds(22))
        #expect(throttle.addressCount == 3)
        for index in 0..<10 { throttle.recordFailure(from: "flood-\(index)", now: start + .seconds(23)) }
        #expect(throttle.addressCount == 3)
    }

    @Test func afterTheLimitFailuresGet429WithRetryAfterButAValidTokenIsServed() async throws {
        try await APIStage.run(command: "  auth_failure_limit: 3\n  auth_failure_window: 120") { stage in
            let token = try await stage.token(.read)
            for _ in 0..<3 {
                #expect(try await stage.request(.GET, "/v1/status", token: APIToken.generate().value).status == 401)
            }
            let refused = try await stage.request(.GET, "/v1/status", token: APIToken.generate().value)
            #expect(refused.status == 429, "\(refused)")
            let retryAfter = try #require(refused.headers["retry-after"].flatMap(Int.init))
            #expect((1...120).contains(retryAfter))
            #expect(refused.error?.contains("too many failed authentications") == true)
            #expect(try await stage.request(.GET, "/v1/status").status == 429, "no token at all is a failure too")
            // The throttle only limits failures: a valid token from the throttled address is served.
            let served = try await stage.request(.GET, "/v1/status", token: token)
            #expect(served.status == 200, "\(served)")
            // Health checks are not throttled.
            #expect(try await stage.request(.GET, "/healthz").status == 200)
        }
    }

    @Test func behindATrustedProxyOneAbuserDoesNotLockOutTheOtherClients() async throws {
        let settings = "  auth_failure_limit: 3\n  auth_failure_window: 120\n  trusted_proxies: [127.0.0.1]"
        try await APIStage.run(command: settings) { stage in
            let token = try await stage.token(.read)
            let abuser = [("X-Forwarded-For", "203.0.113.7")]
            let phone = [("X-Forwarded-For", "198.51.100.20")]
            for _ in 0..<3 {
                let answer = try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: abuser)
                #expect(answer.status == 401, "\(answer)")
            }
            #expect(try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: abuser).status == 429)
            // Another client behind the same proxy: its own count, and its token works.
            #expect(try await stage.request(.GET, "/v1/status", token: token, headers: phone).status == 200)
            #expect(try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: phone).status == 401)
            // The abuser cannot hide behind an address of its own choosing left of the one the proxy saw.
            let forged = [("X-Forwarded-For", "198.51.100.20, 203.0.113.7")]
            #expect(try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: forged).status == 429)
        }
    }

    @Test func fromAnUntrustedPeerAForgedForwardedForDoesNotMoveTheThrottleKey() async throws {
        try await APIStage.run(command: "  auth_failure_limit: 3\n  auth_failure_window: 120") { stage in
            for index in 0..<3 {
                let forged = [("X-Forwarded-For", "192.0.2.\(index + 1)")]
                #expect(try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: forged).status == 401)
            }
            let fresh = [("X-Forwarded-For", "192.0.2.99")]
            let answer = try await stage.request(.GET, "/v1/status", token: APIToken.generate().value, headers: fresh)
            #expect(answer.status == 429, "the failures count against the TCP peer, whatever the header says: \(answer)")
        }
    }
}
