import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The test fixtures themselves: keys and service accounts in the formats our parsers read.
@Suite struct PushMocksTests {
    @Test func apnsKeyIsAP8FileOurParserReads() throws {
        let key = TestAPNSKey.generate()
        #expect(key.p8PEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(key.keyID.count == 10 && key.teamID.count == 10)
        #expect(key.keyID.allSatisfy { $0.isUppercase || $0.isNumber })
        _ = try APNSSigningKey(pem: key.p8PEM)
    }

    @Test func serviceAccountJSONIsWhatOurParserReads() throws {
        let account = try TestServiceAccount.generate()
        let parsed = try FCMServiceAccount(json: Array(account.json(tokenURI: "https://127.0.0.1:1/token").utf8))
        #expect(parsed.clientEmail == account.email)
        #expect(parsed.projectID == account.projectID)
        #expect(parsed.tokenURI == "https://127.0.0.1:1/token")
        #expect(parsed.privateKeyID == account.privateKeyID)
        #expect(account.json(tokenURI: "x").contains(#""private_key":"-----BEGIN PRIVATE KEY-----\n"#))
    }

    @Test func clientIdentityIsSignedByTheCA() throws {
        let authority = try TestCertificateAuthority()
        let identity = try authority.clientIdentity(commonName: "com.example.alarm")
        #expect(identity.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        _ = try NIOSSLCertificate(bytes: Array(identity.certificatePEM.utf8), format: .pem)
        _ = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
    }
}

/// An AsyncHTTPClient that trusts the test CA through a CA file, as the push sender will.
struct MockTestClient {
    struct Response {
        let status: Int
        /// `"2"` or `"1.1"`.
        let version: String
        /// The first value of each header field, by lower-case name.
        let headers: [String: String]
        let body: [UInt8]

        /// The body as a JSON object.
        var json: [String: Any] {
            get throws {
                try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            }
        }
    }

    private let http: HTTPClient
    private let directory: TemporaryDirectory

    /// A client trusting `authority`'s CA, presenting `identity` when given, HTTP/2 unless
    /// `http1Only`.
    init(
        authority: TestCertificateAuthority, identity: (certificatePEM: String, privateKeyPEM: String)? = nil,
        http1Only: Bool = false
    ) throws {
        directory = try TemporaryDirectory(prefix: "push-mocks")
        let caFile = directory.appending("ca.pem")
        try authority.writeCA(to: caFile)
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(caFile)
        if let identity {
            tls.certificateChain = [
                .certificate(try NIOSSLCertificate(bytes: Array(identity.certificatePEM.utf8), format: .pem))
            ]
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem))
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        if http1Only { configuration.httpVersion = .http1Only }
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Sends a request and reads the whole response.
    func send(
        _ url: String, method: String = "POST", headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: TimeAmount = .seconds(10)
    ) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        request.headers.add(contentsOf: headers)
        if !body.isEmpty { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await http.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 1 << 20)
        let version = response.version
        return Response(
            status: Int(response.status.code),
            version: version.major == 2 ? "2" : "\(version.major).\(version.minor)",
            headers: Dictionary(
                response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: Array(bytes.readableBytesView))
    }

    func shutdown() async throws {
        try await http.shutdown()
    }
}

/// Runs `body`, then `cleanup`, whether `body` threw or not, and rethrows `body`'s error.
func afterwards<Result>(
    _ cleanup: () async throws -> Void, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async throws -> Result {
    let result: Swift.Result<Result, any Error>
    do {
        result = .success(try await body())
    } catch {
        result = .failure(error)
    }
    try await cleanup()
    return try result.get()
}

/// `body`'s result, or an error when it takes longer than `limit`: a hang fails the test
/// instead of stalling the run.
func within<Result: Sendable>(
    _ limit: Duration, _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result.self) { group in
        group.addTask(operation: body)
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimeLimitExceeded(limit: limit)
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw CancellationError() }
        return result
    }
}

struct TimeLimitExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "did not finish within \(limit)" }
}
