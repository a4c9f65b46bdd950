import Foundation
import Testing

@testable import AlarmCore

/// SHA-1 and version 5 UUIDs agree with the standard vectors and with Python's `uuid.uuid5`.
@Suite struct NameBasedUUIDTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1MatchesTheStandardVectors(message: String, digest: String) {
        #expect(hex(SHA1.digest(Array(message.utf8))) == digest)
    }

    @Test func sha1OfManyBlocks() {
        #expect(hex(SHA1.digest(Array(repeating: UInt8(ascii: "a"), count: 1000))) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        let everyByteThrice = Array(repeating: (0...255).map { UInt8($0) }, count: 3).flatMap { $0 }
        #expect(hex(SHA1.digest(everyByteThrice)) == "ac2a264c8ec1f4232a40854e8239bc3a697ab1d2")
    }

    @Test func version5MatchesPython() throws {
        let dns = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        #expect(NameBasedUUID.version5(namespace: dns, name: "python.org".utf8).uuidString.lowercased()
            == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    }

    @Test func anEventWithoutAnIDIsKnownByTheUUIDOfItsCanonicalJSON() {
        // uuid.uuid5(UUID("c447707b-91a8-410b-80ab-000dab82bedc"), canonical_json) in Python:
        // the push consumer's delivery id for the same event.
        let event = AlarmEventSamples.legacy
        #expect(event.stableID.uuidString.lowercased() == "5f311271-8d73-5aaf-afc0-e513f2e30a44")
        var withID = event
        withID.id = UUID()
        #expect(withID.stableID == withID.id)
    }
}
