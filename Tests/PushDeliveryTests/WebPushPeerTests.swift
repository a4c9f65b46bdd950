import AlarmCore
import Crypto
import Foundation
import PushDelivery
import Testing
import TestSupport

/// Web Push checked by independent implementations in Python: `http_ece` decrypts what we
/// encrypt, `py_vapid` verifies our VAPID headers and reads our generated keys
/// (`Tests/Interop/webpush_decrypt.py`, `vapid_verify.py`, `vapid_public_key.py`).
@Suite struct WebPushPeerTests {
    private static let python = Task { try await PythonPeer.find() }

    @Test(arguments: [
        Array(#"{"title":"Alarm","body":"Zone alarm: Front door","id":"8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012"}"#.utf8),
        (0..<WebPushEncryption.maximumPlaintextCount).map { UInt8(truncatingIfNeeded: $0 &* 31) },
    ])
    func httpECEDecryptsWhatWeEncrypt(plaintext: [UInt8]) async throws {
        let browser = WebPushEncryptionTests.Browser()
        let body = try WebPushEncryption.encrypt(plaintext, for: browser.subscription())

        let result = try await Self.python.value.run(
            script: "webpush_decrypt.py",
            arguments: [TestBase64URL.encode(browser.key.rawRepresentation), TestBase64URL.encode(browser.authSecret)],
            standardInput: Data(body))

        try #require(result.status == .exited(0), "\(result)")
        #expect(try TestBase64URL.decode(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == plaintext)
    }

    @Test func httpECERefusesABodyForAnotherBrowser() async throws {
        let body = try WebPushEncryption.encrypt(Array("{}".utf8), for: WebPushEncryptionTests.Browser().subscription())
        let stranger = WebPushEncryptionTests.Browser()

        let result = try await Self.python.value.run(
            script: "webpush_decrypt.py",
            arguments: [TestBase64URL.encode(stranger.key.rawRepresentation), TestBase64URL.encode(stranger.authSecret)],
            standardInput: Data(body))

        #expect(result.status == .exited(1), "\(result)")
        #expect(result.stderr.hasPrefix("does not decrypt"), "\(result)")
    }

    @Test func pyVAPIDVerifiesOurHeader() async throws {
        let key = VAPIDKey.generate()
        let provider = VAPIDTokenProvider(key: key, subject: try VAPIDSubject("mailto:alarms@example.org"))
        let subscription = try WebPushSubscription(
            endpoint: "http://127.0.0.1:8443/push/abc", p256dh: WebPushSubscriptionTests.p256dh,
            auth: WebPushSubscriptionTests.auth)
        let before = Date().timeIntervalSince1970.rounded(.down)
        let header = try await provider.authorization(for: subscription)

        let result = try await Self.python.value.run(script: "vapid_verify.py", arguments: [header.value])

        try #require(result.status == .exited(0), "\(result)")
        let verified = try Fixtures.object(Array(result.standardOutput))
        #expect(verified["k"] as? String == key.publicKeyBase64URL)
        #expect(verified.object("header")?["alg"] as? String == "ES256")
        let claims = try #require(verified.object("claims"))
        #expect(claims["aud"] as? String == "http://127.0.0.1:8443")
        #expect(claims["sub"] as? String == "mailto:alarms@example.org")
        let exp = try #require(claims["exp"] as? Int)
        #expect((before + 12 * 3600...before + 12 * 3600 + 60).contains(Double(exp)))
    }

    @Test func pyVAPIDRefusesAHeaderWhoseKeyDidNotSignIt() async throws {
        let provider = VAPIDTokenProvider(key: .generate(), subject: try VAPIDSubject("mailto:alarms@example.org"))
        let header = try await provider.authorization(forAudience: "https://push.example.net")
        let keyParameter = try #require(header.value.range(of: ", k="))
        let forged = String(header.value[..<keyParameter.upperBound]) + VAPIDKey.generate().publicKeyBase64URL

        let result = try await Self.python.value.run(script: "vapid_verify.py", arguments: [forged])

        #expect(result.status == .exited(1), "\(result)")
        #expect(result.stderr.hasPrefix("does not verify"), "\(result)")
    }

    @Test func pyVAPIDReadsOurGeneratedKeyAsPEMAndAsRaw() async throws {
        let key = VAPIDKey.generate()
        for (format, text) in [("pem", key.privateKeyPEM), ("raw", key.privateKeyBase64URL)] {
            let result = try await Self.python.value.run(
                script: "vapid_public_key.py", arguments: [format], standardInput: Data(text.utf8))
            try #require(result.status == .exited(0), "\(format): \(result)")
            #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == key.publicKeyBase64URL, "\(format)")
        }
    }
}
