import AlarmCore
import Beanstalk
import Foundation
import TestSupport
import Testing

/// The real executables: envisalink-simulator and howalarming-envisalink with `envisalinkd.proxy`
/// set in its configuration file, a client of the proxy arming and disarming with a code, and
/// every log at trace level scanned for the client's password and the code.
@Suite("TPI proxy end to end")
struct ProxyEndToEndTests {
    static let clientPassword = "Pr0x7Q"

    /// The `proxy` key of the `envisalinkd` section, as `writeExecutableConfig`'s `extra` (its
    /// first line is indented for it, the others here).
    static func proxySection(port: Int, clients: String) -> String {
        "proxy:\n    listen: 127.0.0.1:\(port)\n    clients: \(clients)"
    }

    @Test func aClientArmsAndDisarmsThroughTheIntegratorAndNoLogShowsItsSecrets() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--control-port", "0", "--password", IntegratorHarness.password,
                    "--master-code", IntegratorHarness.masterCode, "--exit-delay", "0.3",
                    "--zone", "1=Front door", "--no-stdin-control",
                ])
                let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                let proxyPort = try RawHTTP.freePort()
                let passwordFile = directory.appending("tpi-homeassistant")
                try "\(Self.clientPassword)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
                let config = try IntegratorHarness.writeExecutableConfig(
                    in: directory, server: server, panelPort: tpiPort, eventTube: "log",
                    extra: Self.proxySection(port: proxyPort, clients: "{homeassistant: {password_file: \(passwordFile), permission: control}}"))
                let integrator = try ProcessRunner.start(
                    try Executables.path("howalarming-envisalink"), arguments: ["--config", config, "--log-level", "trace"])
                let client = try await ProxyStage.loggedIn(
                    TPIProxyClientConfig(name: "homeassistant", password: Secret(Self.clientPassword)), port: proxyPort)

                try await client.send("0301")
                #expect(try await client.lines(through: "652").contains("500030"))
                try await client.send("0401" + IntegratorHarness.masterCode)
                let disarm = try await client.lines(through: "655")
                #expect(disarm.contains("500040"))
                let events = try await readEvents(from: server, tube: try TubeName("log"), until: "disarmed") { $0.type == .disarmed }
                #expect(events.contains { $0.type == .command && $0.source == "tpi-proxy:homeassistant" && $0.raw == "040 1******" })

                // A second integrator cannot listen on the same port: it stops, naming the key.
                let secondDirectory = try TemporaryDirectory()
                defer { secondDirectory.remove() }
                let second = try IntegratorHarness.writeExecutableConfig(
                    in: secondDirectory, server: server, panelPort: tpiPort, eventTube: "log",
                    extra: Self.proxySection(port: proxyPort, clients: "{other: {password: Oth3r1}}"))
                let clash = try await ProcessRunner.run(
                    try Executables.path("howalarming-envisalink"), arguments: ["--config", second], timeout: .seconds(20))
                #expect(!clash.status.isSuccess)
                #expect(clash.stderr.contains("envisalinkd.proxy.listen"), "\(clash.stderr)")

                integrator.signal(SIGTERM)
                _ = try await client.untilClosed()  // stopping the integrator disconnects its clients
                #expect(try await integrator.waitForExit(timeout: .seconds(10)) == .exited(0))
                simulator.signal(SIGTERM)
                _ = try await simulator.waitForExit(timeout: .seconds(10))
                let logs = String(decoding: integrator.standardOutput + integrator.standardError, as: UTF8.self)
                #expect(logs.contains("tpi proxy listening") && logs.contains("client=homeassistant"), "the login is logged, by the client's name")
                // Each found before the expectation, so that a failure prints neither the logs nor a secret.
                let passwordLogged = logs.contains(Self.clientPassword)
                let codeLogged = logs.contains(IntegratorHarness.masterCode)
                let panelPasswordLogged = logs.contains(IntegratorHarness.password)
                #expect(!passwordLogged, "the proxy client's password leaked into a log")
                #expect(!codeLogged, "the code a client sent leaked into a log")
                #expect(!panelPasswordLogged, "the panel password leaked into a log")
            }
        }
    }
}
