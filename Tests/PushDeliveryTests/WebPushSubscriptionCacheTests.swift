import AlarmCore
import Crypto
import Foundation
import Testing

@testable import PushDelivery

/// Each browser's subscription is read once, read again when its keys change, and the cache
/// stays within its capacity.
@Suite struct WebPushSubscriptionCacheTests {
    /// A registered browser with a fresh key pair; `index` names its endpoint.
    private static func browser(_ index: Int, keys: WebPushKeys? = nil) throws -> RegisteredDevice {
        let endpoint = "https://push.example.net/push/browser-\(index)"
        return RegisteredDevice(
            token: try DeviceToken(endpoint, provider: .webPush), platform: .web, createdAt: Fixtures.now,
            registeredAt: Fixtures.now, webPushKeys: try keys ?? freshKeys())
    }

    private static func freshKeys() throws -> WebPushKeys {
        try WebPushKeys(
            p256dh: TestBase64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
            auth: TestBase64URL.encode(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }))
    }

    private static func p256dh(_ subscription: WebPushSubscription) -> String {
        TestBase64URL.encode(subscription.userAgentKey.x963Representation)
    }

    @Test func aBrowserSentToTwiceIsReadOnceAndGetsItsOwnSubscription() throws {
        let cache = WebPushSubscriptionCache()
        let browser = try Self.browser(1)

        let first = try cache.subscription(for: browser)
        let second = try cache.subscription(for: browser)

        #expect(cache.count == 1)
        for subscription in [first, second] {
            #expect(subscription.endpoint == browser.token.value)
            #expect(Self.p256dh(subscription) == browser.webPushKeys?.p256dh)
            #expect(TestBase64URL.encode(subscription.authSecret) == browser.webPushKeys?.auth)
        }
    }

    @Test func aBrowserThatSubscribedAgainWithNewKeysIsReadAgain() throws {
        let cache = WebPushSubscriptionCache()
        let before = try Self.browser(1)
        _ = try cache.subscription(for: before)
        let newKeys = try Self.freshKeys()
        let newAuthOnly = try WebPushKeys(p256dh: newKeys.p256dh, auth: try Self.freshKeys().auth)

        let after = try cache.subscription(for: Self.browser(1, keys: newKeys))
        let afterAuth = try cache.subscription(for: Self.browser(1, keys: newAuthOnly))

        #expect(Self.p256dh(after) == newKeys.p256dh)
        #expect(TestBase64URL.encode(after.authSecret) == newKeys.auth)
        #expect(TestBase64URL.encode(afterAuth.authSecret) == newAuthOnly.auth)
        #expect(cache.count == 1)
    }

    @Test func theCacheKeepsNoMoreThanItsCapacityAndEveryBrowserStillGetsItsOwnKeys() throws {
        let cache = WebPushSubscriptionCache(capacity: 3)
        let browsers = try (0..<8).map { try Self.browser($0) }

        for _ in 0..<2 {
            for browser in browsers {
                let subscription = try cache.subscription(for: browser)
                #expect(subscription.endpoint == browser.token.value)
                #expect(Self.p256dh(subscription) == browser.webPushKeys?.p256dh)
                #expect(cache.count <= 3)
            }
        }
        #expect(cache.count == 3)
    }

    @Test func aSubscriptionThatCannotBeReadIsRefusedEveryTimeAndNotKept() throws {
        let cache = WebPushSubscriptionCache()
        let notOnTheCurve = try WebPushKeys(
            p256dh: TestBase64URL.encode([0x04] + [UInt8](repeating: 1, count: 64)), auth: Self.freshKeys().auth)
        let browser = try Self.browser(1, keys: notOnTheCurve)

        for _ in 0..<2 {
            let error = try #require(throws: WebPushError.self) { try cache.subscription(for: browser) }
            #expect(error.code == .invalidPublicKey)
        }
        #expect(cache.count == 0)
    }
}
