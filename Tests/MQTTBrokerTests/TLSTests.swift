import Foundation
import MQTT
import Testing
import TestSupport

/// ``MQTTClient`` over TLS to mosquitto, with a test CA made by openssl and a client certificate.
@Suite struct TLSTests {
    @Test func connectsOverTLSWithAClientCertificateAndRefusesAnUntrustedBroker() async throws {
        try await withTemporaryDirectory(prefix: "mqtt-tls") { directory in
            try await TestCertificates.make(in: directory)
            let tlsPort = try MosquittoBroker.freePort()
            try await withMosquitto(users: BrokerFixture.users, extraConfiguration: [
                "listener \(tlsPort) 127.0.0.1",
                "cafile \(directory.appending("ca.crt"))",
                "certfile \(directory.appending("server.crt"))",
                "keyfile \(directory.appending("server.key"))",
                "require_certificate true",
            ]) { broker in
                let trusted = MQTTTLSConfiguration(
                    caFile: directory.appending("ca.crt"), clientCertificateFile: directory.appending("client.crt"),
                    clientPrivateKeyFile: directory.appending("client.key"), serverHostname: "localhost")
                let client = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-tls", port: tlsPort, tls: trusted)
                try await client.connect()
                try await client.publish(BrokerFixture.message("site/1/tls", "sealed", qos: .atLeastOnce))
                await client.close()

                // A CA that did not sign the broker's certificate: the handshake fails, no CONNECT is sent.
                var untrusted = trusted
                untrusted.caFile = directory.appending("other-ca.crt")
                let refused = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-tls-2", port: tlsPort, tls: untrusted)
                await #expect(throws: (any Error).self) { try await refused.connect() }
                #expect(!broker.standardError.contains("as bridge-tls-2"))

                // No CA file: the system's CAs, which never signed the test CA's broker certificate.
                var systemTrust = trusted
                systemTrust.caFile = nil
                let unverified = try BrokerFixture.client(of: broker, as: BrokerFixture.bridge, id: "bridge-tls-3", port: tlsPort, tls: systemTrust)
                await #expect(throws: (any Error).self) { try await unverified.connect() }
                #expect(!broker.standardError.contains("as bridge-tls-3"))
            }
        }
    }
}

/// A CA, a broker certificate for localhost/127.0.0.1 and a client certificate it signed, plus an
/// unrelated CA, made with the openssl command.
enum TestCertificates {
    static func make(in directory: TemporaryDirectory) async throws {
        let openssl = try SystemTool.locate("openssl", installedBy: "mosquitto")
        func run(_ arguments: [String]) async throws {
            let result = try await ProcessRunner.run(openssl, arguments: arguments)
            try #require(result.status.isSuccess, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try await run(["req", "-x509"] + key + [
                "-keyout", directory.appending("\(ca).key"), "-out", directory.appending("\(ca).crt"),
                "-subj", "/CN=HowAlarming test \(ca)", "-days", "2",
            ])
        }
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: directory.appending("san.ext"), atomically: true, encoding: .utf8)
        for (name, subject) in [("server", "/CN=localhost"), ("client", "/CN=bridge")] {
            try await run(["req"] + key + [
                "-keyout", directory.appending("\(name).key"), "-out", directory.appending("\(name).csr"), "-subj", subject,
            ])
            try await run([
                "x509", "-req", "-in", directory.appending("\(name).csr"), "-CA", directory.appending("ca.crt"),
                "-CAkey", directory.appending("ca.key"), "-CAcreateserial", "-out", directory.appending("\(name).crt"),
                "-days", "2", "-extfile", directory.appending("san.ext"),
            ])
        }
    }
}
