import AlarmCore
import Crypto
import Foundation
import JWTKit
import PushDelivery
import Testing

/// VAPID authorisation (RFC 8292): the header, the JWT's claims, and one token per push
/// service origin reused until an hour before it expires.
@Suite struct WebPushVAPIDTokenTests {
    static let subject = "mailto:alarms@example.org"

    /// `vapid t=<jwt>, k=<key>` split into its two parameters.
    struct VAPIDHeader {
        let token: String
        let key: String

        init(_ header: Secret) throws {
            let value = header.value
            guard value.hasPrefix("vapid t="), let comma = value.firstIndex(of: ",") else { throw NotVAPID() }
            token = String(value[value.index(value.startIndex, offsetBy: "vapid t=".count)..<comma])
            let rest = value[comma...]
            guard rest.hasPrefix(", k=") else { throw NotVAPID() }
            key = String(rest.dropFirst(", k=".count))
        }

        struct NotVAPID: Error {}
    }

    struct Claims: JWTPayload {
        let aud: String
        let exp: Int64
        let sub: String

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    private let key = VAPIDKey.generate()
    private let fakeClock = FakeClock(Date(timeIntervalSince1970: 1_700_000_000.6))

    private func provider() throws -> VAPIDTokenProvider {
        VAPIDTokenProvider(key: key, subject: try VAPIDSubject(Self.subject), clock: fakeClock.clock)
    }

    /// The claims of the header's JWT, verified with the header's own public key `k`.
    private func verifiedClaims(_ header: VAPIDHeader) async throws -> Claims {
        let publicKey = try P256.Signing.PublicKey(x963Representation: TestBase64URL.decode(header.key))
        let keys = await JWTKeyCollection().add(ecdsa: try ES256PublicKey(backing: publicKey))
        return try await keys.verify(header.token, as: Claims.self)
    }

    @Test func theHeaderCarriesAnES256JWTForTheOriginAndThePublicKey() async throws {
        let subscription = try WebPushSubscription(
            endpoint: "https://fcm.googleapis.com/fcm/send/abc:APA91b", p256dh: WebPushSubscriptionTests.p256dh,
            auth: WebPushSubscriptionTests.auth)
        let header = try VAPIDHeader(try await provider().authorization(for: subscription))

        #expect(header.key == key.publicKeyBase64URL)
        let claims = try await verifiedClaims(header)
        #expect(claims.aud == "https://fcm.googleapis.com")
        #expect(claims.sub == Self.subject)
        #expect(claims.exp == 1_700_000_000 + 12 * 3600)

        let parts = try JWTInspection(header.token)
        #expect(parts.header["alg"] as? String == "ES256")
        #expect(parts.header["typ"] as? String == "JWT")
        #expect(parts.claimsText.contains(#""exp":1700043200"#), "exp is an integer: \(parts.claimsText)")
        #expect(Set(parts.claims.keys) == ["aud", "exp", "sub"])
    }

    @Test func aTokenSignedByAnotherKeyDoesNotVerify() async throws {
        let header = try VAPIDHeader(try await provider().authorization(forAudience: "https://push.example.net"))
        let stranger = await JWTKeyCollection().add(ecdsa: ES256PrivateKey().publicKey)
        await #expect(throws: (any Error).self) { try await stranger.verify(header.token, as: Claims.self) }
    }

    @Test func oneTokenPerOriginIsReusedFor11Hours() async throws {
        let provider = try provider()
        let fcm = try await provider.authorization(forAudience: "https://fcm.googleapis.com")
        let mozilla = try await provider.authorization(forAudience: "https://updates.push.services.mozilla.com")
        #expect(fcm != mozilla)
        #expect(try await verifiedClaims(VAPIDHeader(mozilla)).aud == "https://updates.push.services.mozilla.com")

        fakeClock.advance(by: .seconds(11 * 3600 - 1))
        #expect(try await provider.authorization(forAudience: "https://fcm.googleapis.com") == fcm)
        #expect(try await provider.authorization(forAudience: "https://updates.push.services.mozilla.com") == mozilla)

        fakeClock.advance(by: .seconds(1))
        let renewed = try await provider.authorization(forAudience: "https://fcm.googleapis.com")
        #expect(renewed != fcm)
        #expect(try await verifiedClaims(VAPIDHeader(renewed)).exp == 1_700_000_000 + 23 * 3600)
    }

    @Test func concurrentCallersForOneOriginShareOneToken() async throws {
        let provider = try provider()
        let headers = try await withThrowingTaskGroup(of: Secret.self) { group in
            for _ in 0..<50 {
                group.addTask { try await provider.authorization(forAudience: "https://web.push.apple.com") }
            }
            return try await group.reduce(into: Set<Secret>()) { $0.insert($1) }
        }
        #expect(headers.count == 1)
    }

    @Test(arguments: ["mailto:alarms@example.org", "MAILTO:ops@home.example", "https://alarm.example.org/contact"])
    func mailtoAndHTTPSSubjectsAreAccepted(subject: String) throws {
        #expect(try VAPIDSubject(subject).value == subject)
    }

    @Test(arguments: [
        "alarms@example.org", "mailto:", "mailto:alarms", "mailto: <alarms@example.org>", "mailto:@example.org",
        "mailto:me@localhost", "http://alarm.example.org", "https://localhost/contact", "https://", "",
    ])
    func otherSubjectsAreRefused(subject: String) throws {
        let error = try #require(throws: PushCredentialError.self) { try VAPIDSubject(subject) }
        #expect(error.code == .invalidSubject)
        #expect(error.message.hasPrefix("the VAPID subject must be a mailto: address"))
    }
}
