import AlarmCore
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TPIProxy
import TestSupport
import Testing

/// pyenvisalink, the library Home Assistant's envisalink integration uses, as an independent client
/// of the proxy, beside the integrator's own commands and a raw client watching the frames.
@Suite("pyenvisalink through the TPI proxy")
struct ProxyPeerTests {
    private func start(
        _ python: PythonPeer, port: Int, as client: TPIProxyClientConfig, scenario: String, environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try python.start(
            script: "pyenvisalink_peer.py", arguments: ["127.0.0.1", "\(port)", scenario],
            environment: ["PEER_PASSWORD": client.password.value, "PEER_CODE": IntegratorHarness.userCode].merging(environment) { $1 })
    }

    @Test func homeAssistantsLibraryArmsAndDisarmsBesideTheIntegrator() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run { harness, port in
            let disarm = harness.directory.appending("disarm")
            let peer = try start(python, port: port, as: ProxyStage.homeAssistant, scenario: "control", environment: ["PEER_DISARM": disarm])
            let watcher = try await ProxyStage.loggedIn(ProxyStage.viewer, port: port)
            _ = try await peer.awaitLine(containing: #""login": true"#, timeout: .seconds(30))

            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            _ = try await peer.awaitLine(containing: "zone_open")
            _ = try await watcher.lines(through: "609001")
            _ = try await harness.events(until: "zone 1 open") { $0.code == "609" }
            #expect(await harness.panel.control("close 1").hasPrefix("ok"))
            _ = try await peer.awaitLine(containing: "zone_closed")

            try await harness.send("status")
            _ = try await peer.awaitLine(containing: "armed_away")
            let seen = try await watcher.lines(through: "652")
            #expect(!seen.contains("500030"), "the peer's acknowledgement went to the watcher: \(seen)")
            _ = try await harness.events(until: "the peer's arm answered") {
                $0.type == .response && $0.source == ProxyAudit.source(of: ProxyStage.homeAssistant.name)
            }

            _ = FileManager.default.createFile(atPath: disarm, contents: nil)
            _ = try await peer.awaitLine(containing: "disarmed")
            let heard = seen + (try await watcher.lines(through: "655"))
            #expect(!heard.contains { $0.hasPrefix("040") || $0.hasPrefix("500040") }, "\(heard)")
            // Checked here, so that a failure never prints the code.
            let codeHeard = heard.contains { $0.contains(IntegratorHarness.userCode) }
            #expect(!codeHeard, "the peer's code reached another client")
            let events = try await harness.events(until: "disarmed") { $0.type == .disarmed }
            let echo = events.first { $0.type == .command && $0.code == "040" }
            #expect(echo?.source == "tpi-proxy:homeassistant" && echo?.raw == "040 1******")
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")
            let output = String(decoding: peer.standardOutput + peer.standardError, as: UTF8.self)
            let secretPrinted = output.contains(IntegratorHarness.userCode) || output.contains(ProxyStage.homeAssistant.password.value)
            #expect(!secretPrinted, "the peer's output shows its code or password")
            await watcher.close()
        }
    }

    @Test func homeAssistantsLibraryIsDisconnectedWhenThePanelDropsAndLogsBackIn() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run { harness, port in
            let peer = try start(
                python, port: port, as: ProxyStage.homeAssistant, scenario: "reconnect", environment: ["PEER_RECONNECT_DELAY": "1"])
            _ = try await peer.awaitLine(containing: #""login": true"#, timeout: .seconds(30))
            #expect(await harness.panel.control("drop").hasPrefix("ok"))
            _ = try await peer.awaitLine(containing: #""disconnected": true"#)
            _ = try await harness.events(until: "the link restored") { $0.type == .recovery && $0.code == "link" }
            _ = try await peer.awaitLine(containing: #""login_again": true"#, timeout: .seconds(30))
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            _ = try await peer.awaitLine(containing: #""zone_open": 1"#)
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")
            #expect(await harness.panel.simulator.observation.logins == 2, "the integrator stays the panel's one client")
        }
    }

    @Test func aReadClientsArmIsRefusedAndAWrongPasswordFails() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run { harness, port in
            let done = harness.directory.appending("done")
            let peer = try start(python, port: port, as: ProxyStage.viewer, scenario: "read", environment: ["PEER_DONE": done])
            _ = try await peer.awaitLine(containing: #""sent": "arm_away""#, timeout: .seconds(30))
            _ = try await harness.events(until: "the refusal") {
                $0.type == .response && $0.code == "refused" && $0.source == "tpi-proxy:viewer"
            }
            _ = FileManager.default.createFile(atPath: done, contents: nil)
            _ = try await peer.awaitLine(containing: #""armed_away": false"#)
            #expect(!(await harness.panel.simulator.observation.received).contains { $0.code == "030" })
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")

            let wrong = TPIProxyClientConfig(name: "wrong", password: Secret("Wr0ng9"))
            let refused = try start(python, port: port, as: wrong, scenario: "read", environment: ["PEER_DONE": done])
            _ = try await refused.awaitLine(containing: #""login": false"#, timeout: .seconds(30))
            #expect(try await refused.waitForExit(timeout: .seconds(15)) == .exited(0), "\(refused.report)")
        }
    }

    @Test func homeAssistantsLibrarySeesTheIntegratorsBypass() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run(configure: { configuration in
            configuration.envisalink?.zones = [1: "Front door", 2: "Hall PIR"]
            configuration.envisalink?.bypass.keypressGap = .milliseconds(100)
        }) { harness, port in
            let peer = try start(python, port: port, as: ProxyStage.viewer, scenario: "bypass", environment: ["PEER_ZONE": "2"])
            _ = try await peer.awaitLine(containing: #""login": true"#, timeout: .seconds(30))
            try await harness.send(#"{"code":"bypass","zones":[2]}"#)
            _ = try await harness.events(until: "the bypass done") { $0.type == .response && $0.message == "Bypassed: Hall PIR" }
            _ = try await peer.awaitLine(containing: #""bypassed": 2"#)
            try await harness.send(#"{"code":"unbypass","zones":[2]}"#)
            _ = try await harness.events(until: "the bypass undone") { $0.type == .response && $0.message == "Not bypassed: Hall PIR" }
            _ = try await peer.awaitLine(containing: #""unbypassed": 2"#)
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")
        }
    }

    /// Who disarmed (issue 22): the `750` the integrator names the user by reaches pyenvisalink,
    /// which reads the user's number from it, as Home Assistant shows it.
    @Test func homeAssistantsLibraryReadsTheUserTheIntegratorNamesForADisarm() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run(configure: { $0.envisalink?.users = [7: "Anna"] }) { harness, port in
            let peer = try start(python, port: port, as: ProxyStage.viewer, scenario: "who")
            _ = try await peer.awaitLine(containing: #""login": true"#, timeout: .seconds(30))
            try await harness.send("arm")
            _ = try await harness.events(until: "armed") { $0.type == .armed }
            try await harness.send(#"{"code":"disarm","access_code":"\#(IntegratorHarness.userCode)"}"#)
            let disarmed = try #require(try await harness.events(until: "disarmed") { $0.type == .disarmed }.last)
            #expect(disarmed.message == "Partition 1 disarmed by Anna (user 7)")
            _ = try await peer.awaitLine(containing: #""disarmed_by_user": 7"#)
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")
        }
    }

    @Test func homeAssistantsLibrarySeesTheIntegratorsChime() async throws {
        let python = try await PythonPeer.find()
        try await ProxyStage.run(configure: { configuration in
            configuration.envisalink?.bypass.keypressGap = .milliseconds(100)
        }) { harness, port in
            let peer = try start(python, port: port, as: ProxyStage.viewer, scenario: "chime")
            _ = try await peer.awaitLine(containing: #""login": true"#, timeout: .seconds(30))
            try await harness.send("chime_on")
            _ = try await harness.events(until: "the chime on") { $0.type == .response && $0.message == "Chime on on partition 1" }
            _ = try await peer.awaitLine(containing: #""chime": true"#)
            try await harness.send("chime_off")
            _ = try await harness.events(until: "the chime off") { $0.type == .response && $0.message == "Chime off on partition 1" }
            _ = try await peer.awaitLine(containing: #""chime": false"#)
            #expect(try await peer.waitForExit(timeout: .seconds(15)) == .exited(0), "\(peer.report)")
        }
    }
}
