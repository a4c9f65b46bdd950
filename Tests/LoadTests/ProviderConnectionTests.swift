import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The provider HTTP/2 client against the mock APNs over real TLS: multiplexing, flow control,
/// GOAWAY, recycling, shutdown and bad endpoints. Requests carry no provider token, so the mock
/// answers each with a checked 403 and a JSON body.
struct ProviderConnectionTests {
    private static let path = "/3/device/" + String(repeating: "ab", count: 32)

    /// A mock APNs and a connection trusting its CA.
    private static func run(
        keepAlive: ProviderKeepAlive = ProviderKeepAlive(), _ body: (MockAPNSServer, ProviderConnection) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let authority = try TestCertificateAuthority()
            try authority.writeCA(to: directory.appending("ca.pem"))
            let key = TestAPNSKey.generate()
            let mock = try await MockAPNSServer.start(
                authority: authority, topic: "com.example.alarm", signingKeys: [key.keyID: key.publicKey],
                teamID: key.teamID)
            let connection = try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: directory.appending("ca.pem")), keepAlive: keepAlive,
                logger: Logger(label: "test"))
            try await running { try await body(mock, connection) } then: {
                await connection.shutdown()
                await mock.stop()
            }
        }
    }

    private static func post(_ connection: ProviderConnection, to mock: MockAPNSServer) async throws -> ProviderReply {
        try await connection.send(
            method: .POST, url: mock.baseURL + path,
            headerFields: [("apns-topic", "com.example.alarm"), ("apns-push-type", "alert")],
            body: Array(#"{"aps":{"alert":"test"}}"#.utf8), timeout: .seconds(30))
    }

    @Test func thousandsOfConcurrentRequestsShareOneConnectionAndItsWindow() async throws {
        try await Self.run { mock, connection in
            // 3,000 replies of about 40 bytes: more than the 65,535 bytes of the connection's
            // first receive window, and far more streams than the server allows at once.
            let replies = try await withThrowingTaskGroup(of: ProviderReply.self) { group in
                for _ in 0..<3000 { group.addTask { try await Self.post(connection, to: mock) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.count == 3000)
            #expect(replies.allSatisfy { $0.status == 403 })
            #expect(replies.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("MissingProviderToken") })
            #expect(replies.reduce(0) { $0 + $1.body.count } > 65_535)
            #expect(await mock.connectionCount() == 1)
            let received = try await mock.waitForRequests(count: 3000)
            #expect(received.count == 3000)
        }
    }

    @Test func repliesCarryTheirHeaderFieldsWithoutPseudoHeaders() async throws {
        try await Self.run { mock, connection in
            let reply = try await Self.post(connection, to: mock)
            #expect(reply.status == 403)
            #expect(reply.headerFields.contains { $0.name == "apns-id" })
            #expect(!reply.headerFields.contains { $0.name.hasPrefix(":") })
            let request = try #require(await mock.requests().first)
            #expect(request.httpVersion == "2")
            #expect(request.headers["content-length"] == "24")
        }
    }

    @Test func aConnectionThatStopsAnsweringPINGsIsReplacedBeforeTheNextRequestNeedsIt() async throws {
        // A PING timeout long enough for a loaded machine: a late acknowledgement must not close a
        // connection that is alive.
        let keepAlive = ProviderKeepAlive(pingInterval: .milliseconds(300), pingTimeout: .seconds(2))
        try await Self.run(keepAlive: keepAlive) { mock, connection in
            #expect(try await Self.post(connection, to: mock).status == 403)
            // The connection goes dead silently, as when a NAT forgets it.
            mock.stopAnsweringOpenConnections()
            let deadAt = ContinuousClock.now
            try await waitUntil("a fresh connection", timeout: .seconds(10)) { await mock.connectionCount() == 2 }
            // About one PING interval and one PING timeout (2.3 s), with room for a loaded machine.
            #expect(ContinuousClock.now - deadAt < .seconds(5))

            let started = ContinuousClock.now
            let reply = try await connection.send(
                method: .POST, url: mock.baseURL + Self.path,
                headerFields: [("apns-topic", "com.example.alarm"), ("apns-push-type", "alert")],
                body: Array(#"{"aps":{"alert":"test"}}"#.utf8), timeout: .seconds(10))
            #expect(reply.status == 403)
            #expect(ContinuousClock.now - started < .seconds(5), "the request must not wait for its timeout (10 s)")
            #expect(await mock.connectionCount() == 2)
        }
    }

    @Test func afterGOAWAYTheNextRequestGoesOnAFreshConnection() async throws {
        try await Self.run { mock, connection in
            mock.beginOutage(.goAway)
            let answered = try await Self.post(connection, to: mock)
            #expect(answered.status == 503)
            mock.endOutage()
            // The server has closed the connection it sent GOAWAY on, so the client has seen both.
            try await waitUntil("the old connection closed", timeout: .seconds(10)) { await mock.openConnectionCount() == 0 }
            let reply = try await Self.post(connection, to: mock)
            #expect(reply.status == 403)
            #expect(await mock.connectionCount() == 2)
        }
    }

    @Test func recyclingOpensOneFreshConnectionPerGeneration() async throws {
        try await Self.run { mock, connection in
            _ = try await Self.post(connection, to: mock)
            let generation = connection.currentGeneration
            connection.recycle(generation: generation)
            connection.recycle(generation: generation)
            #expect(connection.currentGeneration == generation + 1)
            _ = try await Self.post(connection, to: mock)
            _ = try await Self.post(connection, to: mock)
            #expect(await mock.connectionCount() == 2)
        }
    }

    @Test func aHungStreamTimesOutAndTheConnectionGoesOn() async throws {
        try await Self.run { mock, connection in
            mock.beginOutage(.hang)
            let started = ContinuousClock.now
            let error = await #expect(throws: PushTransportError.self) {
                try await connection.send(
                    method: .POST, url: mock.baseURL + Self.path, headerFields: [], body: [1], timeout: .milliseconds(300))
            }
            #expect(error?.code == .timedOut)
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            mock.endOutage()
            let after = try await Self.post(connection, to: mock)
            #expect(after.status == 403)
            #expect(await mock.connectionCount() == 1)
        }
    }

    @Test func aRefusedConnectionAndABadURLAreTransportErrors() async throws {
        try await Self.run { _, connection in
            let refused = await #expect(throws: PushTransportError.self) {
                try await connection.send(
                    method: .POST, url: "https://127.0.0.1:1/3/device/ab", headerFields: [], body: [],
                    timeout: .seconds(5))
            }
            #expect(refused?.code == .connectionFailed)
            let invalid = await #expect(throws: PushTransportError.self) {
                try await connection.send(method: .POST, url: "ftp://example.com/", headerFields: [], body: [], timeout: .seconds(5))
            }
            #expect(invalid?.code == .invalidEndpoint)
        }
    }

    @Test func aServerThatNeverFinishesTLSIsGivenUpWithinTheConnectTimeout() async throws {
        // A TCP server that accepts and never answers the TLS ClientHello.
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let connection = try ProviderConnection(
            tls: ProviderTLS(), connectTimeout: .milliseconds(500), logger: Logger(label: "test"))
        let started = ContinuousClock.now
        let error = await #expect(throws: PushTransportError.self) {
            try await connection.send(
                method: .POST, url: "https://127.0.0.1:\(silent.localAddress!.port!)/", headerFields: [], body: [],
                timeout: .seconds(60))
        }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains("no TLS handshake") == true)
        #expect(ContinuousClock.now - started < .seconds(30))
        await connection.shutdown()
        try await silent.close()
    }

    @Test func anUntrustedServerIsRefused() async throws {
        try await Self.run { mock, _ in
            let untrusting = try ProviderConnection(tls: ProviderTLS(), logger: Logger(label: "test"))
            let error = await #expect(throws: PushTransportError.self) {
                try await Self.post(untrusting, to: mock)
            }
            #expect(error?.code == .connectionFailed)
            #expect(await mock.requests().isEmpty)
            await untrusting.shutdown()
        }
    }

    @Test func afterShutdownRequestsAreRefused() async throws {
        try await Self.run { mock, connection in
            _ = try await Self.post(connection, to: mock)
            await connection.shutdown()
            let error = await #expect(throws: PushTransportError.self) { try await Self.post(connection, to: mock) }
            #expect(error?.code == .shutDown)
        }
    }
}
