import AlarmCore
import CryptoExtras
import Foundation
import JWTKit
import PushDelivery
import Synchronization
import Testing

@Suite struct FCMAccessTokenProviderTests {
    /// One RSA key for the whole suite: generating one takes a moment.
    static let rsaKey: _RSA.Signing.PrivateKey = {
        do {
            return try _RSA.Signing.PrivateKey(keySize: .bits2048)
        } catch {
            fatalError("cannot generate an RSA test key: \(error)")
        }
    }()

    static let tokenURI = "https://oauth2.example.test/token"

    /// A service account JSON key as the Firebase console gives it.
    static func serviceAccountJSON(dropping field: String? = nil, privateKey: String = rsaKey.pkcs8PEMRepresentation)
        throws -> [UInt8]
    {
        var fields: [String: String] = [
            "type": "service_account", "project_id": "alarm-project", "private_key_id": "0123456789abcdef",
            "private_key": privateKey, "client_email": "push@alarm-project.iam.gserviceaccount.com",
            "client_id": "1234567890", "token_uri": tokenURI,
        ]
        if let field { fields[field] = nil }
        return Array(try JSONSerialization.data(withJSONObject: fields))
    }

    /// A token endpoint that hands out `token-1`, `token-2`, … and records the requests.
    final class FakeExchange: TokenExchange {
        private let requests = Mutex<[OAuthTokenRequest]>([])
        private let failures: Mutex<Int>
        let expiresIn: Duration

        init(expiresIn: Duration = .seconds(3599), failures: Int = 0) {
            self.expiresIn = expiresIn
            self.failures = Mutex(failures)
        }

        var received: [OAuthTokenRequest] { requests.withLock { $0 } }

        func exchange(_ request: OAuthTokenRequest) async throws -> AccessTokenGrant {
            await Task.yield()
            if failures.withLock({ failures in
                defer { failures -= 1 }
                return failures > 0
            }) {
                throw PushCredentialError(code: .invalidTokenResponse, message: "token endpoint unavailable")
            }
            let count = requests.withLock { requests in
                requests.append(request)
                return requests.count
            }
            return AccessTokenGrant(accessToken: Secret("token-\(count)"), expiresIn: expiresIn)
        }
    }

    struct AssertionClaims: JWTPayload {
        let iss: String
        let scope: String
        let aud: String
        let iat: Int64
        let exp: Int64

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    let fakeClock = FakeClock()

    private func provider(_ exchange: FakeExchange) throws -> FCMAccessTokenProvider {
        let account = try FCMServiceAccount(json: try Self.serviceAccountJSON())
        return FCMAccessTokenProvider(serviceAccount: account, exchange: exchange, clock: fakeClock.clock)
    }

    @Test func serviceAccountFields() throws {
        let account = try FCMServiceAccount(json: try Self.serviceAccountJSON())
        #expect(account.clientEmail == "push@alarm-project.iam.gserviceaccount.com")
        #expect(account.projectID == "alarm-project")
        #expect(account.tokenURI == Self.tokenURI)
        #expect(account.privateKeyID == "0123456789abcdef")
    }

    @Test func assertionIsAnRS256JWTThatVerifies() async throws {
        let exchange = FakeExchange()
        let provider = try provider(exchange)
        #expect(try await provider.accessToken() == Secret("token-1"))

        let request = try #require(exchange.received.first)
        #expect(request.url == Self.tokenURI)
        #expect(request.method == "POST")
        #expect(request.contentType == "application/x-www-form-urlencoded")
        let prefix = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.hasPrefix(prefix))
        let jwt = String(body.dropFirst(prefix.count))
        #expect(jwt == request.assertion.value)

        let publicKey = try Insecure.RSA.PublicKey(pem: Self.rsaKey.publicKey.pemRepresentation)
        let keys = await JWTKeyCollection().add(rsa: publicKey, digestAlgorithm: .sha256, kid: "0123456789abcdef")
        let claims = try await keys.verify(jwt, as: AssertionClaims.self)
        #expect(claims.iss == "push@alarm-project.iam.gserviceaccount.com")
        #expect(claims.scope == "https://www.googleapis.com/auth/firebase.messaging")
        #expect(claims.aud == Self.tokenURI)
        #expect(claims.iat == 1_700_000_000)
        #expect(claims.exp == 1_700_003_600)

        let parts = try JWTInspection(jwt)
        #expect(parts.header["alg"] as? String == "RS256")
        #expect(parts.header["kid"] as? String == "0123456789abcdef")
        #expect(parts.claimsText.contains(#""iat":1700000000"#))
    }

    @Test func tokenIsReusedUntilFiveMinutesBeforeItExpires() async throws {
        let exchange = FakeExchange(expiresIn: .seconds(3600))
        let provider = try provider(exchange)
        #expect(try await provider.accessToken() == Secret("token-1"))
        fakeClock.advance(by: .seconds(55 * 60 - 1))
        #expect(try await provider.accessToken() == Secret("token-1"))
        fakeClock.advance(by: .seconds(1))
        #expect(try await provider.accessToken() == Secret("token-2"))
        #expect(exchange.received.count == 2)
    }

    @Test func shortLivedTokensAreReusedForHalfTheirLife() async throws {
        let exchange = FakeExchange(expiresIn: .seconds(240))
        let provider = try provider(exchange)
        #expect(try await provider.accessToken() == Secret("token-1"))
        fakeClock.advance(by: .seconds(119))
        #expect(try await provider.accessToken() == Secret("token-1"))
        fakeClock.advance(by: .seconds(1))
        #expect(try await provider.accessToken() == Secret("token-2"))
    }

    @Test func concurrentCallersShareOneExchange() async throws {
        let exchange = FakeExchange()
        let provider = try provider(exchange)
        let tokens = try await withThrowingTaskGroup(of: Secret.self) { group in
            for _ in 0..<50 {
                group.addTask { try await provider.accessToken() }
            }
            return try await group.reduce(into: Set<Secret>()) { $0.insert($1) }
        }
        #expect(tokens == [Secret("token-1")])
        #expect(exchange.received.count == 1)
    }

    @Test func rejectedTokenIsReplacedOnce() async throws {
        let exchange = FakeExchange()
        let provider = try provider(exchange)
        let first = try await provider.accessToken()

        fakeClock.advance(by: .seconds(59))
        #expect(try await provider.replacement(forRejected: first) == nil, "a new token refused: not its age")
        fakeClock.advance(by: .seconds(1))
        let second = try #require(try await provider.replacement(forRejected: first))
        #expect(second == Secret("token-2"))
        #expect(try await provider.replacement(forRejected: first) == second)
        #expect(try await provider.replacement(forRejected: second) == nil)
        #expect(exchange.received.count == 2)
    }

    @Test func failedExchangeIsNotCached() async throws {
        let provider = try provider(FakeExchange(failures: 1))
        await #expect(throws: PushCredentialError.self) { try await provider.accessToken() }
        #expect(try await provider.accessToken() == Secret("token-1"))
    }

    @Test(arguments: ["client_email", "private_key", "token_uri", "project_id"])
    func serviceAccountWithoutARequiredField(_ field: String) throws {
        let error = #expect(throws: PushCredentialError.self) {
            try FCMServiceAccount(json: try Self.serviceAccountJSON(dropping: field))
        }
        #expect(error?.code == .invalidServiceAccount)
    }

    @Test func serviceAccountErrorsNeverQuoteTheKey() throws {
        let broken = "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LWtleS1tYXRlcmlhbA==\n-----END PRIVATE KEY-----\n"
        let error = #expect(throws: PushCredentialError.self) {
            try FCMServiceAccount(json: try Self.serviceAccountJSON(privateKey: broken))
        }
        #expect(error?.code == .invalidKey)
        #expect(error.map { !String(describing: $0).contains("c2VjcmV0") } == true)

        let notJSON = #expect(throws: PushCredentialError.self) {
            try FCMServiceAccount(json: Array("{\"private_key\": \"\(broken)".utf8))
        }
        #expect(notJSON?.code == .invalidServiceAccount)
        #expect(notJSON.map { !String(describing: $0).contains("c2VjcmV0") } == true)

        let missing = #expect(throws: PushCredentialError.self) {
            try FCMServiceAccount(contentsOfFile: "/nonexistent/sa.json")
        }
        #expect(missing?.code == .unreadableFile)
    }

    @Test func descriptionsNeverShowSecrets() async throws {
        let account = try FCMServiceAccount(json: try Self.serviceAccountJSON())
        let keyLine = String(Self.rsaKey.pkcs8PEMRepresentation.split(separator: "\n")[1])
        let request = OAuthTokenRequest(
            url: Self.tokenURI, assertion: try await account.assertion(issuedAt: Fixtures.now))
        let grant = AccessTokenGrant(accessToken: Secret("ya29.very-secret"), expiresIn: .seconds(3599))
        let subjects: [(Any, [String])] = [
            (account, [keyLine]),
            (request, [request.assertion.value]),
            (grant, ["ya29.very-secret"]),
        ]
        for (subject, secrets) in subjects {
            var dumped = ""
            dump(subject, to: &dumped)
            for text in [String(describing: subject), String(reflecting: subject), dumped] {
                for secret in secrets {
                    #expect(!text.contains(secret), "\(type(of: subject))")
                }
            }
        }
        #expect(String(describing: account).contains("alarm-project"))
    }

    @Test func grantFromTheTokenEndpointsReply() throws {
        let grant = try AccessTokenGrant(
            json: Array(#"{"access_token":"ya29.abc","expires_in":3599,"token_type":"Bearer"}"#.utf8))
        #expect(grant == AccessTokenGrant(accessToken: Secret("ya29.abc"), expiresIn: .seconds(3599)))
    }

    @Test(arguments: [
        #"{"expires_in":3599}"#, #"{"access_token":"ya29.abc"}"#, #"{"access_token":"","expires_in":3599}"#,
        #"{"access_token":"ya29.abc","expires_in":0}"#, #"{"error":"invalid_grant"}"#, "not json",
    ])
    func unusableGrants(_ body: String) {
        let error = #expect(throws: PushCredentialError.self) { try AccessTokenGrant(json: Array(body.utf8)) }
        #expect(error?.code == .invalidTokenResponse)
    }
}

extension FCMAccessTokenProviderTests {
    @Test func serviceAccountFromConfiguration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcm-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("service-account.json").path
        try Data(try Self.serviceAccountJSON()).write(to: URL(fileURLWithPath: path))

        let provider = try FCMAccessTokenProvider(
            configuration: FCMConfig(serviceAccountFile: path), exchange: FakeExchange(), clock: fakeClock.clock)
        #expect(provider.serviceAccount.projectID == "alarm-project")
        #expect(try await provider.accessToken() == Secret("token-1"))
    }
}
