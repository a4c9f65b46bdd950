import AlarmCore
import Foundation
import Logging
import PushDelivery
import PushMocks
import TestSupport

/// A mock push service with a test CA, a VAPID key it knows, and a Web Push sender pointed at it.
struct WebPushStage {
    let mock: MockWebPushServer
    let sender: WebPushSender
    let vapidKey: VAPIDKey

    /// Runs `body` with a mock and a sender; both are stopped afterwards.
    ///
    /// - Parameters:
    ///   - http1Only: The mock speaks HTTP/1.1 alone.
    ///   - allowPrivate: Whether the sender may connect to the mock on 127.0.0.1 (tests' setting).
    ///   - foreignKey: The sender signs with a key the subscriptions were not made with.
    static func run<Result>(
        http1Only: Bool = false, allowPrivate: Bool = true, foreignKey: Bool = false, timeout: Duration = .seconds(10),
        _ body: (WebPushStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            let authority = try TestCertificateAuthority()
            try authority.writeCA(to: directory.appending("ca.pem"))
            let vapidKey = VAPIDKey.generate()
            let mock = try await MockWebPushServer.start(
                authority: authority, vapidPublicKey: vapidKey.publicKeyBase64URL, http1Only: http1Only)
            let connection = try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: directory.appending("ca.pem")),
                addressPolicy: EndpointAddressPolicy(allowsPrivateAddresses: allowPrivate), allowsHTTP1: true,
                logger: Logger(label: "test"))
            let vapid = VAPIDTokenProvider(
                key: foreignKey ? .generate() : vapidKey, subject: try VAPIDSubject("mailto:alarms@example.org"))
            let sender = WebPushSender(connection: connection, vapid: vapid, timeout: timeout)
            let stage = WebPushStage(mock: mock, sender: sender, vapidKey: vapidKey)
            return try await running { try await body(stage) } then: {
                await sender.shutdown()
                await mock.stop()
            }
        }
    }

    /// A registered web device for a new browser, subscribed at the mock as `subscription`.
    func device(_ subscription: String, browser: TestBrowser = TestBrowser()) throws -> RegisteredDevice {
        let now = Date()
        return RegisteredDevice(
            token: try DeviceToken(mock.endpoint(subscription), provider: .webPush), platform: .web, createdAt: now,
            registeredAt: now, webPushKeys: try WebPushKeys(p256dh: browser.p256dh, auth: browser.auth))
    }

    /// Sends `event` to `device` and returns the report.
    func send(_ event: AlarmEvent = Fixtures.event(), to device: RegisteredDevice) async -> SendReport {
        await sender.prepare(event, issuedAt: Date(), now: Date()).send(to: device)
    }
}
