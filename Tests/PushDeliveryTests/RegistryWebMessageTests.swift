import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Testing

/// Registration messages for browsers (a push subscription), by device id, and renames: decoding,
/// writing, and errors that name the field without showing the endpoint's path or a key.
struct RegistryWebMessageTests {
    static let browser = TestBrowser()
    static let endpoint = "https://fcm.googleapis.com/fcm/send/c2VjcmV0LWNhcGFiaWxpdHk"
    static let deviceID = DeviceID("0f8e2c4a-9b1d-5e3f-8a7c-6d5b4e3f2a1c")!

    static func webRegistration(subscription: String, name: String? = "Kitchen tablet") -> String {
        #"{"type":"register","platform":"web","subscription":\#(subscription)"#
            + (name.map { #","name":"\#($0)"}"# } ?? "}")
    }

    @Test func readsABrowsersPushSubscriptionJSON() throws {
        let message = try RegistrationMessage.decode(
            json: Self.webRegistration(subscription: Self.browser.subscriptionJSON(endpoint: Self.endpoint)))
        guard case .registerWeb(let endpoint, let keys, let name, _) = message else {
            Issue.record("expected a web registration, got \(message)")
            return
        }
        #expect(endpoint == Self.endpoint)
        #expect(keys.p256dh == Self.browser.p256dh)
        #expect(keys.auth == Self.browser.auth)
        #expect(name == "Kitchen tablet")
        #expect(!"\(message)".contains(Self.browser.auth), "a description shows the auth secret")
    }

    @Test func readsUnregistrationAndRenameByDeviceID() throws {
        #expect(
            try RegistrationMessage.decode(json: #"{"type":"unregister","device":"\#(Self.deviceID)"}"#)
                == .unregisterDevice(id: Self.deviceID))
        #expect(
            try RegistrationMessage.decode(json: #"{"type":"rename","device":"\#(Self.deviceID)","name":"Hall"}"#)
                == .rename(device: Self.deviceID, name: "Hall"))
    }

    @Test func everyMessageReadsBackAsWritten() throws {
        let web = try RegistrationMessage.decode(
            json: Self.webRegistration(subscription: Self.browser.subscriptionJSON(endpoint: Self.endpoint)))
        let messages: [RegistrationMessage] = [
            .register(platform: .ios, token: RegistryFixtures.apnsToken("a"), environment: .sandbox, name: "Jane's \"iPhone\""),
            .register(platform: .android, token: RegistryFixtures.fcmToken("1"), environment: nil, name: nil),
            web,
            .unregister(token: RegistryFixtures.fcmToken("2")),
            .unregisterDevice(id: Self.deviceID),
            .rename(device: Self.deviceID, name: ""),
        ]
        for message in messages {
            #expect(try RegistrationMessage.decode(json: message.encodeJSON()) == message)
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var body: String
        var field: String
        var reason: String
        var testDescription: String { "\(field): \(reason)" }
    }

    static let secretPath = "c2VjcmV0LWNhcGFiaWxpdHk"

    static let failures: [Failure] = [
        Failure(
            body: #"{"type":"register","platform":"web","token":"x"}"#, field: "subscription",
            reason: "required for web devices (the browser's PushSubscription.toJSON())"),
        Failure(
            body: webRegistration(subscription: #""https://push.example.net/\#(secretPath)""#), field: "subscription",
            reason: "expected an object (PushSubscription.toJSON()), got a string"),
        Failure(
            body: webRegistration(subscription: #"{"keys":{"p256dh":"\#(browser.p256dh)","auth":"\#(browser.auth)"}}"#),
            field: "subscription.endpoint", reason: "required field is missing"),
        Failure(
            body: webRegistration(subscription: #"{"endpoint":"https://push.example.net/\#(secretPath)"}"#),
            field: "subscription.keys", reason: "required object is missing (with p256dh and auth)"),
        Failure(
            body: webRegistration(subscription: browser.subscriptionJSON(endpoint: "http://push.example.net/\(secretPath)")),
            field: "subscription.endpoint", reason: "a Web Push endpoint must be an https:// URL"),
        Failure(
            body: webRegistration(subscription: browser.subscriptionJSON(endpoint: "https://user@push.example.net/\(secretPath)")),
            field: "subscription.endpoint", reason: "a Web Push endpoint must not carry user information (user@host)"),
        Failure(
            body: webRegistration(
                subscription: #"{"endpoint":"https://push.example.net/\#(secretPath)","keys":{"p256dh":"\#(browser.p256dh.dropLast(4))","auth":"\#(browser.auth)"}}"#),
            field: "subscription.keys.p256dh",
            reason: "is 62 bytes, not an uncompressed P-256 public key (65 bytes starting with 0x04)"),
        Failure(
            body: webRegistration(
                subscription: #"{"endpoint":"https://push.example.net/\#(secretPath)","keys":{"p256dh":"\#(browser.p256dh)","auth":"AAAA"}}"#),
            field: "subscription.keys.auth", reason: "is 3 bytes, not 16"),
        Failure(
            body: #"{"type":"register","platform":"ios","token":"\#(RegistryFixtures.apnsToken("a"))","subscription":\#(browser.subscriptionJSON(endpoint: "https://push.example.net/" + secretPath))}"#,
            field: "subscription", reason: "only web devices have a subscription"),
        Failure(
            body: #"{"type":"unregister","token":"x","device":"\#(deviceID)"}"#, field: "device",
            reason: "give either token or device, not both"),
        Failure(
            body: #"{"type":"unregister","device":"short"}"#, field: "device",
            reason: "a device id is a UUID (as devices list and the push reports show it)"),
        Failure(body: #"{"type":"rename","name":"Hall"}"#, field: "device", reason: "required field is missing"),
        Failure(body: #"{"type":"rename","device":"\#(deviceID)"}"#, field: "name", reason: "required field is missing"),
    ]

    @Test(arguments: failures)
    func errorsNameTheFieldAndShowNoSecret(_ failure: Failure) throws {
        let error = try #require(throws: FormatError.self) { try RegistrationMessage.decode(json: failure.body) }
        #expect(error == FormatError(field: failure.field, reason: failure.reason))
        for secret in [Self.secretPath, Self.browser.auth, String(Self.browser.p256dh.prefix(20))] {
            #expect(!error.description.contains(secret))
        }
    }

    @Test func aWebEndpointIsDescribedByItsOriginOnly() throws {
        let token = try DeviceToken(Self.endpoint, provider: .webPush)
        #expect(token.redacted == "https://fcm.googleapis.com/…")
        #expect("\(token)" == "webpush:https://fcm.googleapis.com/…")
        // Python: uuid.uuid5(uuid.UUID("5b0d6f1e-3f7a-4c39-9a51-2d8e6b0c4a17"), "webpush:" + endpoint)
        #expect(token.deviceID.description == "02fee8a2-0e9f-5647-9e09-b96066c4735d")
        #expect(token.deviceID != (try DeviceToken(Self.endpoint + "x", provider: .webPush)).deviceID)
    }
}
