import AlarmCore
import Foundation
import JWTKit
import PushDelivery
import Synchronization
import Testing

@Suite struct APNSTokenProviderTests {
    static let keyID = "ABC123DEFG"
    static let teamID = "DEF123GHIJ"

    /// A signer that counts its calls and can hold the first ones until ``open()``.
    final class CountingSigner: APNSTokenSigner {
        private struct State {
            var calls = 0
            var open: Bool
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let key: APNSSigningKey
        private let state: Mutex<State>

        init(key: APNSSigningKey, open: Bool = true) {
            self.key = key
            state = Mutex(State(open: open))
        }

        var calls: Int { state.withLock { $0.calls } }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            waiting.forEach { $0.resume() }
        }

        func providerToken(keyID: String, teamID: String, issuedAt: Date) async throws -> String {
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state in
                    state.calls += 1
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if proceed { continuation.resume() }
            }
            return try await key.providerToken(keyID: keyID, teamID: teamID, issuedAt: issuedAt)
        }
    }

    struct ProviderClaims: JWTPayload {
        let iss: String
        let iat: Int64

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    private let privateKey = ES256PrivateKey()
    private let fakeClock = FakeClock()

    private func provider() throws -> (APNSTokenProvider, CountingSigner) {
        let signer = CountingSigner(key: try APNSSigningKey(pem: privateKey.pemRepresentation))
        return (
            APNSTokenProvider(keyID: Self.keyID, teamID: Self.teamID, signer: signer, clock: fakeClock.clock), signer
        )
    }

    @Test func tokenIsAnES256JWTThatVerifies() async throws {
        let (provider, _) = try provider()
        let jwt = try await provider.token().value

        let keys = await JWTKeyCollection().add(ecdsa: privateKey.publicKey, kid: JWKIdentifier(string: Self.keyID))
        let claims = try await keys.verify(jwt, as: ProviderClaims.self)
        #expect(claims.iss == Self.teamID)
        #expect(claims.iat == 1_700_000_000)

        let parts = try JWTInspection(jwt)
        #expect(parts.header["alg"] as? String == "ES256")
        #expect(parts.header["kid"] as? String == Self.keyID)
        #expect(parts.claimsText.contains(#""iat":1700000000"#), "iat is an integer")
        #expect(Set(parts.claims.keys) == ["iss", "iat"])

        let stranger = await JWTKeyCollection().add(
            ecdsa: ES256PrivateKey().publicKey, kid: JWKIdentifier(string: Self.keyID))
        await #expect(throws: (any Error).self) { try await stranger.verify(jwt, as: ProviderClaims.self) }
    }

    @Test func issuedAtIsWholeSeconds() async throws {
        let clock = FakeClock(Date(timeIntervalSince1970: 1_700_000_000.75))
        let signer = CountingSigner(key: try APNSSigningKey(pem: privateKey.pemRepresentation))
        let provider = APNSTokenProvider(keyID: Self.keyID, teamID: Self.teamID, signer: signer, clock: clock.clock)
        #expect(try JWTInspection(try await provider.token().value).claimsText.contains(#""iat":1700000000"#))
    }

    @Test func oneTokenIsReusedFor45Minutes() async throws {
        let (provider, signer) = try provider()
        let first = try await provider.token()
        fakeClock.advance(by: .seconds(45 * 60 - 1))
        #expect(try await provider.token() == first)
        #expect(signer.calls == 1)

        fakeClock.advance(by: .seconds(1))
        let second = try await provider.token()
        #expect(second != first)
        #expect(signer.calls == 2)
        #expect(try JWTInspection(second.value).claims["iat"] as? Int == 1_700_000_000 + 45 * 60)
    }

    @Test func concurrentCallersShareOneMint() async throws {
        let signer = CountingSigner(key: try APNSSigningKey(pem: privateKey.pemRepresentation), open: false)
        let provider = APNSTokenProvider(keyID: Self.keyID, teamID: Self.teamID, signer: signer, clock: fakeClock.clock)
        let tokens = try await withThrowingTaskGroup(of: Secret.self) { group in
            for _ in 0..<50 {
                group.addTask { try await provider.token() }
            }
            group.addTask {
                signer.open()
                return try await provider.token()
            }
            return try await group.reduce(into: Set<Secret>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(signer.calls == 1)
    }

    @Test func expiredTokenIsReplacedOnceAndNeverWithin20Minutes() async throws {
        let (provider, signer) = try provider()
        let first = try await provider.token()

        fakeClock.advance(by: .seconds(20 * 60 - 1))
        #expect(try await provider.replacement(forExpired: first) == nil, "younger than 20 minutes: clock skew")
        #expect(signer.calls == 1)

        fakeClock.advance(by: .seconds(1))
        let second = try #require(try await provider.replacement(forExpired: first))
        #expect(second != first)
        #expect(signer.calls == 2)

        #expect(try await provider.replacement(forExpired: first) == second, "other refused requests get the new one")
        #expect(try await provider.token() == second)
        #expect(try await provider.replacement(forExpired: second) == nil, "a fresh token refused again: halt")
        #expect(signer.calls == 2)
    }

    @Test func failedSigningIsNotCached() async throws {
        final class FlakySigner: APNSTokenSigner {
            let key: APNSSigningKey
            let failures = Mutex(1)

            init(key: APNSSigningKey) { self.key = key }

            func providerToken(keyID: String, teamID: String, issuedAt: Date) async throws -> String {
                if failures.withLock({ failures in
                    defer { failures -= 1 }
                    return failures > 0
                }) {
                    throw PushCredentialError(code: .signingFailed, message: "key service unavailable")
                }
                return try await key.providerToken(keyID: keyID, teamID: teamID, issuedAt: issuedAt)
            }
        }
        let signer = FlakySigner(key: try APNSSigningKey(pem: privateKey.pemRepresentation))
        let provider = APNSTokenProvider(keyID: Self.keyID, teamID: Self.teamID, signer: signer, clock: fakeClock.clock)
        await #expect(throws: PushCredentialError.self) { try await provider.token() }
        #expect(try await !provider.token().value.isEmpty)
    }

    @Test func keyFromAFileAndFromConfiguration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
        try privateKey.pemRepresentation.write(toFile: path, atomically: true, encoding: .utf8)

        let provider = try APNSTokenProvider(
            keyFile: path, keyID: Self.keyID, teamID: Self.teamID, clock: fakeClock.clock)
        let keys = await JWTKeyCollection().add(ecdsa: privateKey.publicKey, kid: JWKIdentifier(string: Self.keyID))
        #expect(try await keys.verify(try await provider.token().value, as: ProviderClaims.self).iss == Self.teamID)
    }

    @Test func keyErrorsNameTheProblemNotTheKey() throws {
        let rsaLike = """
            -----BEGIN PRIVATE KEY-----
            MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAsecret
            -----END PRIVATE KEY-----
            """
        let invalid = #expect(throws: PushCredentialError.self) { try APNSSigningKey(pem: rsaLike) }
        #expect(invalid?.code == .invalidKey)
        #expect(invalid.map { !String(describing: $0).contains("secret") } == true)

        let missing = #expect(throws: PushCredentialError.self) {
            try APNSSigningKey(contentsOfFile: "/nonexistent/AuthKey.p8")
        }
        #expect(missing?.code == .unreadableFile)
        #expect(missing?.message.contains("/nonexistent/AuthKey.p8") == true)
    }

    @Test func descriptionsNeverShowTheKey() throws {
        let key = try APNSSigningKey(pem: privateKey.pemRepresentation)
        let body = privateKey.pemRepresentation.split(separator: "\n")[1]
        var dumped = ""
        dump(key, to: &dumped)
        for text in [String(describing: key), String(reflecting: key), dumped] {
            #expect(!text.contains(body))
            #expect(text.contains("redacted"))
        }
    }
}
