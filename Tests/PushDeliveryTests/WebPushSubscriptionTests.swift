import Crypto
import Foundation
import PushDelivery
import Testing

/// A subscription's endpoint and keys are checked when it is made, with errors that say what is
/// wrong and never show the keys.
@Suite struct WebPushSubscriptionTests {
    static let endpoint = "https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBhIGNhcGFiaWxpdHk"
    static let p256dh = TestBase64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    static let auth = TestBase64URL.encode((1...16).map { UInt8($0) })

    private func refusal(endpoint: String = endpoint, p256dh: String = p256dh, auth: String = auth) throws
        -> WebPushError
    {
        let error = try #require(throws: WebPushError.self) {
            try WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
        for keyText in [p256dh, auth] where keyText.count >= 8 {
            #expect(!error.message.contains(keyText.prefix(8)), "\(error.message) shows key material")
        }
        return error
    }

    @Test func aBrowsersSubscriptionIsAccepted() throws {
        let subscription = try WebPushSubscription(endpoint: Self.endpoint, p256dh: Self.p256dh, auth: Self.auth)
        #expect(subscription.endpoint == Self.endpoint)
        #expect(TestBase64URL.encode(subscription.userAgentKey.x963Representation) == Self.p256dh)
        #expect(subscription.authSecret == (1...16).map { UInt8($0) })
        #expect(subscription.audience == "https://fcm.googleapis.com")
    }

    @Test func paddedAndStandardBase64KeysAreAcceptedAsOlderBrowsersSentThem() throws {
        let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        let standard = key.base64EncodedString()
        let subscription = try WebPushSubscription(endpoint: Self.endpoint, p256dh: standard, auth: Self.auth + "==")
        #expect(subscription.userAgentKey.x963Representation == key)
        #expect(subscription.authSecret.count == 16)
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com"),
        ("https://updates.push.services.mozilla.com/wpush/v2/gAAA", "https://updates.push.services.mozilla.com"),
        ("https://Web.Push.Apple.COM:443/QGuQ?x=1", "https://web.push.apple.com"),
        ("http://127.0.0.1:8080/push/abc", "http://127.0.0.1:8080"),
        ("https://[::1]:8443/push", "https://[::1]:8443"),
        ("http://localhost:80/", "http://localhost"),
    ])
    func theAudienceIsTheEndpointsOrigin(endpoint: String, audience: String) throws {
        #expect(try WebPushSubscription(endpoint: endpoint, p256dh: Self.p256dh, auth: Self.auth).audience == audience)
    }

    @Test(arguments: ["fcm.googleapis.com/fcm/send/abc", "ftp://push.example.net/x", "https:///push", "https://a:99999/x", ""])
    func anEndpointThatIsNotAnHTTPSURLIsRefused(endpoint: String) throws {
        let error = try refusal(endpoint: endpoint)
        #expect(error.code == .invalidEndpoint)
        #expect(error.message == "the subscription's endpoint is not an absolute https URL with a host")
    }

    @Test func p256dhThatIsNotBase64URLIsRefused() throws {
        let error = try refusal(p256dh: "BCVxsr7N!eNgVRqv*HtD0zTZ")
        #expect(error.code == .invalidBase64URL)
        #expect(error.message == "the subscription's p256dh is not base64url")
    }

    @Test func authThatIsNotBase64URLIsRefused() throws {
        let error = try refusal(auth: "BTBZMqHH6r4Tts7J_aSIg")
        #expect(error.code == .invalidBase64URL)
        #expect(error.message == "the subscription's auth is not base64url")
    }

    @Test func aP256dhOfTheWrongLengthIsRefused() throws {
        let key = P256.KeyAgreement.PrivateKey().publicKey
        let short = try refusal(p256dh: TestBase64URL.encode(key.x963Representation.dropLast()))
        #expect(short.code == .invalidKeyLength)
        #expect(short.message == "the subscription's p256dh is 64 bytes, not an uncompressed P-256 public key (65 bytes, starting with 0x04)")

        let compressed = try refusal(p256dh: TestBase64URL.encode(key.compressedRepresentation))
        #expect(compressed.code == .invalidKeyLength)
        #expect(compressed.message.hasPrefix("the subscription's p256dh is 33 bytes, not "))
    }

    @Test func aP256dhWithoutTheUncompressedPrefixIsRefused() throws {
        let error = try refusal(p256dh: TestBase64URL.encode([0x05] + P256.KeyAgreement.PrivateKey().publicKey.rawRepresentation))
        #expect(error.code == .invalidKeyLength)
        #expect(error.message == "the subscription's p256dh is 65 bytes not starting with 0x04, not an uncompressed P-256 public key (65 bytes, starting with 0x04)")
    }

    @Test func aP256dhThatIsNotAPointOnTheCurveIsRefused() throws {
        var point = Array(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        point[64] ^= 0x01
        let error = try refusal(p256dh: TestBase64URL.encode(point))
        #expect(error.code == .invalidPublicKey)
        #expect(error.message == "the subscription's p256dh is not a point on P-256")
    }

    @Test(arguments: [0, 15, 17, 32])
    func anAuthSecretThatIsNot16BytesIsRefused(count: Int) throws {
        let error = try refusal(auth: TestBase64URL.encode([UInt8](repeating: 0xA5, count: count)))
        #expect(error.code == .invalidAuthSecret)
        #expect(error.message == "the subscription's auth is \(count) bytes, not 16")
    }

    @Test func descriptionsShowTheOriginOnly() throws {
        let subscription = try WebPushSubscription(endpoint: Self.endpoint, p256dh: Self.p256dh, auth: Self.auth)
        var dumped = ""
        dump(subscription, to: &dumped)
        for text in ["\(subscription)", String(reflecting: subscription), dumped] {
            #expect(text.contains("https://fcm.googleapis.com"), "\(text)")
            for hidden in ["dGhpcyBpcyBhIGNhcGFiaWxpdHk", String(Self.p256dh.prefix(12)), String(Self.auth.prefix(12))] {
                #expect(!text.contains(hidden), "\(text) shows \(hidden)")
            }
        }
    }
}
