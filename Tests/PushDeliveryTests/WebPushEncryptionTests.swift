import Crypto
import PushDelivery
import Testing

/// RFC 8291 message encryption: the RFC's own example, round trips, and the size limit.
@Suite struct WebPushEncryptionTests {
    /// RFC 8291 Appendix A, in base64url.
    enum Vector {
        static let plaintext = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24"
        static let applicationServerPublic =
            "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        static let applicationServerPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let userAgentPublic =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let userAgentPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        static let endpoint = "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV"
    }

    /// A fresh browser key pair and auth secret, and the subscription made of them.
    struct Browser {
        let key = P256.KeyAgreement.PrivateKey()
        let authSecret = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }

        func subscription(endpoint: String = "https://push.example.net/push/abc") throws -> WebPushSubscription {
            try WebPushSubscription(
                endpoint: endpoint, p256dh: TestBase64URL.encode(key.publicKey.x963Representation),
                auth: TestBase64URL.encode(authSecret))
        }

        func decrypt(_ body: [UInt8]) throws -> [UInt8] {
            try WebPushTestDecryptor.decrypt(body, userAgentKey: key, authSecret: authSecret)
        }
    }

    @Test func theRFC8291AppendixAExampleIsReproducedByteForByte() throws {
        let subscription = try WebPushSubscription(
            endpoint: Vector.endpoint, p256dh: Vector.userAgentPublic, auth: Vector.authSecret)
        let ephemeral = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: TestBase64URL.decode(Vector.applicationServerPrivate))
        #expect(TestBase64URL.encode(ephemeral.publicKey.x963Representation) == Vector.applicationServerPublic)

        let body = try WebPushEncryption.encrypt(
            TestBase64URL.decode(Vector.plaintext), for: subscription, ephemeralKey: ephemeral,
            salt: TestBase64URL.decode(Vector.salt))

        #expect(body.count == 144)
        #expect(TestBase64URL.encode(body) == Vector.body)
    }

    @Test func theRFC8291ExampleDecryptsWithTheTestDecryptor() throws {
        let userAgent = try P256.KeyAgreement.PrivateKey(rawRepresentation: TestBase64URL.decode(Vector.userAgentPrivate))
        let plaintext = try WebPushTestDecryptor.decrypt(
            TestBase64URL.decode(Vector.body), userAgentKey: userAgent, authSecret: TestBase64URL.decode(Vector.authSecret))
        #expect(String(decoding: plaintext, as: UTF8.self) == "When I grow up, I want to be a watermelon")
    }

    @Test(arguments: [0, 1, 41, 1000, WebPushEncryption.maximumPlaintextCount])
    func whatIsEncryptedDecryptsToTheSamePlaintext(count: Int) throws {
        let browser = Browser()
        let plaintext = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

        let body = try WebPushEncryption.encrypt(plaintext, for: browser.subscription())

        #expect(body.count == 86 + count + 1 + 16)
        #expect(try browser.decrypt(body) == plaintext)
    }

    @Test func theHeaderHasTheSaltRecordSizeAndEphemeralPublicKey() throws {
        let browser = Browser()
        let ephemeral = P256.KeyAgreement.PrivateKey()
        let salt = (0..<16).map { UInt8($0) }

        let body = try WebPushEncryption.encrypt(
            Array("{}".utf8), for: browser.subscription(), ephemeralKey: ephemeral, salt: salt)

        #expect(Array(body[0..<16]) == salt)
        #expect(Array(body[16..<20]) == [0x00, 0x00, 0x10, 0x00])
        #expect(body[20] == 65)
        #expect(Array(body[21..<86]) == Array(ephemeral.publicKey.x963Representation))
        #expect(try browser.decrypt(body) == Array("{}".utf8))
    }

    @Test func everyMessageHasItsOwnSaltAndEphemeralKey() throws {
        let browser = Browser()
        let subscription = try browser.subscription()
        let plaintext = Array(#"{"type":"alarm"}"#.utf8)

        let first = try WebPushEncryption.encrypt(plaintext, for: subscription)
        let second = try WebPushEncryption.encrypt(plaintext, for: subscription)

        #expect(first[0..<16] != second[0..<16])
        #expect(first[21..<86] != second[21..<86])
        #expect(first[86...] != second[86...])
        #expect(try browser.decrypt(first) == plaintext && browser.decrypt(second) == plaintext)
    }

    @Test func aBodyForAnotherBrowserDoesNotDecrypt() throws {
        let body = try WebPushEncryption.encrypt(Array("secret".utf8), for: Browser().subscription())
        #expect(throws: (any Error).self) { try Browser().decrypt(body) }
    }

    @Test func aPayloadLargerThanOneRecordIsRefused() throws {
        let plaintext = [UInt8](repeating: 0x41, count: WebPushEncryption.maximumPlaintextCount + 1)
        let error = try #require(throws: WebPushError.self) {
            try WebPushEncryption.encrypt(plaintext, for: Browser().subscription())
        }
        #expect(error.code == .payloadTooLarge)
        #expect(error.message == "the Web Push payload is 3994 bytes; at most 3993 fit")
    }
}
