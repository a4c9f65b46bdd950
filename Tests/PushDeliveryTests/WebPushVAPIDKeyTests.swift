import Crypto
import Foundation
import PushDelivery
import Testing
import TestSupport

/// The VAPID key: generated, written and read back as PEM or base64url, never shown.
@Suite struct WebPushVAPIDKeyTests {
    @Test func aGeneratedKeyHasAnUncompressed65BytePublicKey() throws {
        let key = VAPIDKey.generate()
        let publicKey = try TestBase64URL.decode(key.publicKeyBase64URL)
        #expect(publicKey.count == 65 && publicKey.first == 0x04)
        #expect(!key.publicKeyBase64URL.contains("=") && !key.publicKeyBase64URL.contains("+"))
        #expect(try TestBase64URL.decode(key.privateKeyBase64URL).count == 32)
        #expect(VAPIDKey.generate().publicKeyBase64URL != key.publicKeyBase64URL)

        let signing = try P256.Signing.PrivateKey(rawRepresentation: TestBase64URL.decode(key.privateKeyBase64URL))
        #expect(Array(signing.publicKey.x963Representation) == publicKey)
    }

    @Test func theKeyReadsBackFromPEMAndFromBase64URL() throws {
        let key = VAPIDKey.generate()
        #expect(key.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try VAPIDKey(text: key.privateKeyPEM).publicKeyBase64URL == key.publicKeyBase64URL)
        #expect(try VAPIDKey(text: "  \(key.privateKeyBase64URL)\n").publicKeyBase64URL == key.publicKeyBase64URL)
    }

    @Test func aSEC1PEMKeyAsOpenSSLWritesItIsRead() throws {
        // A throwaway test key, written by Python `cryptography` (TraditionalOpenSSL format).
        let pem = """
            -----BEGIN EC PRIVATE KEY-----
            MHcCAQEEIPH91W4onoj3/kYzQhUwHJhhhy0o8XmTjJOqlgzKUkcNoAoGCCqGSM49
            AwEHoUQDQgAEi0Qr19RrB7wsMLOARnkDZN8gAWoeVglUE32ZjFBDzIzCZ4VIfBeu
            VAOND+qaGFk2l3lE07JjDyUQpvww/ZqxFA==
            -----END EC PRIVATE KEY-----
            """
        #expect(
            try VAPIDKey(text: pem).publicKeyBase64URL
                == "BItEK9fUawe8LDCzgEZ5A2TfIAFqHlYJVBN9mYxQQ8yMwmeFSHwXrlQDjQ_qmhhZNpd5RNOyYw8lEKb8MP2asRQ")
    }

    @Test func theKeyReadsFromAFile() async throws {
        let key = VAPIDKey.generate()
        try await withTemporaryDirectory { directory in
            let path = directory.path + "/vapid.pem"
            try key.privateKeyPEM.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try VAPIDKey(contentsOfFile: path).publicKeyBase64URL == key.publicKeyBase64URL)

            let missing = try #require(throws: PushCredentialError.self) {
                try VAPIDKey(contentsOfFile: directory.path + "/absent.pem")
            }
            #expect(missing.code == .unreadableFile)
        }
    }

    @Test(arguments: [
        "not a key", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
        "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ", "", "//////////////////////////////////////////8",
    ])
    func textThatIsNotAP256PrivateKeyIsRefusedWithoutQuotingIt(text: String) throws {
        let error = try #require(throws: PushCredentialError.self) { try VAPIDKey(text: text) }
        #expect(error.code == .invalidKey)
        if text.count >= 8 {
            #expect(!error.message.contains(text.prefix(8)), "\(error.message)")
        }
    }

    @Test func descriptionsNeverShowTheKey() throws {
        let key = VAPIDKey.generate()
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(reflecting: key), dumped] {
            #expect(text.contains("VAPIDKey"))
            #expect(!text.contains(key.privateKeyBase64URL.prefix(12)))
        }
    }
}
