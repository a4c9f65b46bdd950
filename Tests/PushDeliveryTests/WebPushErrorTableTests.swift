import Foundation
import PushDelivery
import Testing

/// Every push service reply and what becomes of the notification.
struct WebPushErrorTableTests {
    let now = Date()

    private func outcome(
        _ status: Int, headers: [(name: String, value: String)] = [], body: String = "", widespread: Bool = false
    ) -> DeliveryOutcome {
        WebPushErrorTable.action(
            status: status, headerFields: headers, body: Array(body.utf8), now: now,
            context: DeliveryContext(widespread: widespread))
    }

    @Test func acceptedRepliesAreDeliveredWithTheMessageResource() {
        #expect(outcome(201, headers: [("Location", "https://push.example.net/m/abc123")]) == .delivered(providerMessageID: "abc123"))
        #expect(outcome(200) == .delivered(providerMessageID: nil))
        #expect(outcome(202) == .delivered(providerMessageID: nil))
    }

    @Test(arguments: [
        ("https://push.example.net/m/abc123/", "abc123"),
        ("https://push.example.net/m//abc123//", "abc123"),
        ("/m/ünïcode-ìd", "ünïcode-ìd"),
        ("abc123", "abc123"),
        ("https://push.example.net/m/" + String(repeating: "x", count: 200), String(repeating: "x", count: 128)),
        ("///", ""),
        ("", ""),
    ])
    func theMessageIDIsTheLastNonEmptySegmentOfTheLocationAtMost128Characters(location: String, id: String) {
        #expect(outcome(201, headers: [("location", location)]) == .delivered(providerMessageID: id))
    }

    @Test func goneSubscriptionsArePruned() {
        #expect(outcome(404) == .prune(reason: "HTTP 404"))
        #expect(outcome(410, body: #"{"code":410,"errno":106,"error":"Gone"}"#) == .prune(reason: "HTTP 410 errno 106"))
    }

    @Test func aRefusedVAPIDTokenFailsOneSubscriptionAndHaltsWhenMostHearIt() {
        #expect(outcome(403, body: #"{"reason":"BadJwtToken"}"#) == .fail(reason: "HTTP 403 BadJwtToken"))
        #expect(outcome(401, widespread: true) == .halt(reason: "HTTP 401"))
    }

    @Test func tooLargeAndBadRequestsFail() {
        #expect(outcome(413) == .fail(reason: "HTTP 413"))
        #expect(outcome(400) == .fail(reason: "HTTP 400"))
    }

    @Test func throttlingAndServerFaultsAreRetried() {
        #expect(outcome(429, headers: [("retry-after", "7")]) == .retry(after: .seconds(7), reason: "HTTP 429", freshConnection: false))
        #expect(outcome(429) == .retry(after: .seconds(60), reason: "HTTP 429", freshConnection: false))
        #expect(outcome(503) == .retry(after: nil, reason: "HTTP 503", freshConnection: false))
        #expect(outcome(500, headers: [("Retry-After", "3")]) == .retry(after: .seconds(3), reason: "HTTP 500", freshConnection: false))
    }

    @Test func redirectsAreNotFollowed() {
        #expect(outcome(307, headers: [("location", "https://elsewhere.example/")]) == .fail(reason: "HTTP 307: a redirect, not followed"))
    }

    @Test func anUnknownStatusIsRetriedAndMarked() {
        #expect(outcome(199) == .retry(after: nil, reason: "HTTP 199 (unrecognised)", freshConnection: false))
    }

    @Test func aBodyIsNeverQuotedBeyondAServiceWord() {
        let reason = outcome(400, body: #"{"reason":"has spaces and https://push.example.net/secret"}"#).reason
        #expect(reason == "HTTP 400")
    }
}
