import AlarmCore
import Crypto
import CryptoExtras
import Foundation
import Logging
import PushDelivery
import PushMocks
import TestSupport

/// A mock APNs server with a test CA, a signing key, and a sender pointed at it.
struct APNSStage {
    let mock: MockAPNSServer
    let key: TestAPNSKey
    let sender: APNSSender
    let tokens: APNSTokenProvider?
    static let topic = "com.example.alarm"

    /// Runs `body` with a mock and a sender; both are stopped afterwards. `clock` drives the JWT
    /// `iat`; `certificate` switches to TLS client certificate authentication.
    static func run<Result>(
        clock: WallClock = .system, timeout: Duration = .seconds(5), certificate: Bool = false,
        signingKey: TestAPNSKey? = nil,
        _ body: (APNSStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            let authority = try TestCertificateAuthority()
            try authority.writeCA(to: directory.appending("ca.pem"))
            let key = TestAPNSKey.generate()
            let mock = try await MockAPNSServer.start(
                authority: authority, topic: topic, signingKeys: [key.keyID: key.publicKey], teamID: key.teamID,
                requireClientCertificate: certificate)
            var identity: ProviderTLS.ClientIdentity?
            var tokens: APNSTokenProvider?
            if certificate {
                let client = try authority.clientIdentity(commonName: "Apple Push Services: \(topic)")
                try client.certificatePEM.write(toFile: directory.appending("client.pem"), atomically: true, encoding: .utf8)
                try client.privateKeyPEM.write(toFile: directory.appending("client-key.pem"), atomically: true, encoding: .utf8)
                identity = .init(certificateFile: directory.appending("client.pem"), privateKeyFile: directory.appending("client-key.pem"))
            } else {
                let signer = signingKey ?? key
                tokens = APNSTokenProvider(
                    keyID: key.keyID, teamID: key.teamID, signer: try APNSSigningKey(pem: signer.p8PEM), clock: clock)
            }
            let connection = try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: directory.appending("ca.pem"), clientIdentity: identity),
                logger: Logger(label: "test"))
            let sender = APNSSender(
                connection: connection, authentication: tokens.map { .token($0) } ?? .certificate, topic: topic,
                endpoint: mock.baseURL, timeout: timeout, clock: clock)
            let stage = APNSStage(mock: mock, key: key, sender: sender, tokens: tokens)
            return try await running { try await body(stage) } then: {
                await sender.shutdown()
                await mock.stop()
            }
        }
    }

    /// Sends `event` to `device` and returns the report.
    func send(_ event: AlarmEvent = Fixtures.event(), to device: RegisteredDevice) async -> SendReport {
        await sender.prepare(event, issuedAt: Date(), now: Date()).send(to: device)
    }
}

/// A mock FCM server with its OAuth endpoint, a service account, and a sender pointed at it.
struct FCMStage {
    let mock: MockFCMServer
    let account: TestServiceAccount
    let tokens: FCMAccessTokenProvider
    let sender: FCMSender

    static func run<Result>(
        clock: WallClock = .system, timeout: Duration = .seconds(5), foreignKey: Bool = false,
        _ body: (FCMStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            let authority = try TestCertificateAuthority()
            try authority.writeCA(to: directory.appending("ca.pem"))
            let account = try TestServiceAccount.generate()
            let mock = try await MockFCMServer.start(
                authority: authority, projectID: account.projectID, serviceAccountEmail: account.email,
                serviceAccountKey: account.key.publicKey)
            // With `foreignKey`, the sender signs with a key the server does not know.
            let signing = foreignKey ? try TestServiceAccount.generate(foreign: true) : account
            var json = signing.json(tokenURI: mock.tokenURI)
            if foreignKey {
                json = json.replacingOccurrences(of: signing.email, with: account.email)
                    .replacingOccurrences(of: signing.projectID, with: account.projectID)
            }
            let connection = try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: directory.appending("ca.pem")), logger: Logger(label: "test"))
            let tokens = FCMAccessTokenProvider(
                serviceAccount: try FCMServiceAccount(json: Array(json.utf8)),
                exchange: HTTPTokenExchange(connection: connection), clock: clock)
            let sender = FCMSender(
                connection: connection, tokens: tokens, endpoint: mock.baseURL, timeout: timeout, clock: clock)
            let stage = FCMStage(mock: mock, account: account, tokens: tokens, sender: sender)
            return try await running { try await body(stage) } then: {
                await sender.shutdown()
                await mock.stop()
            }
        }
    }

    func send(_ event: AlarmEvent = Fixtures.event(), to device: RegisteredDevice) async -> SendReport {
        await sender.prepare(event, issuedAt: Date(), now: Date()).send(to: device)
    }
}

