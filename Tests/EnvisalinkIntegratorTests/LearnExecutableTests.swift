import AlarmCore
import EnvisalinkSimulator
import Foundation
import TestSupport
import Testing

/// `howalarming-envisalink learn` against the simulated panel, directly and through the proxy.
@Suite("howalarming-envisalink learn")
struct LearnExecutableTests {
    private static func start(_ arguments: [String]) throws -> ChildProcess {
        try ProcessRunner.start(try Executables.path("howalarming-envisalink"), arguments: ["learn"] + arguments)
    }

    private static func writeConfig(in directory: TemporaryDirectory, port: Int, password: String, extra: String = "") throws -> String {
        let path = directory.appending("config.yaml")
        try """
            envisalinkd:
              port: \(port)
              password: \(password)
              zones: {"001": {name: Front door, type: door}}
            \(extra)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until the child's progress (standard error) says `text`.
    private static func progress(_ child: ChildProcess, says text: String) async throws {
        try await waitUntil("learn to say \(text)") { String(decoding: child.standardError, as: UTF8.self).contains(text) }
    }

    /// Stops `child` with Ctrl-C and returns the configuration it proposed, under `envisalinkd`.
    private static func proposal(afterInterrupting child: ChildProcess) async throws -> (EnvisalinkConfig?, ProcessResult) {
        child.signal(SIGINT)
        let result = try await child.waitForResult(timeout: .seconds(15))
        let indented = result.stdout.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return (try HowAlarmingConfig.parse(yaml: "envisalinkd:\n" + indented, path: nil, environment: [:]).envisalink, result)
    }

    @Test func proposesEveryZoneThePanelNamesUntilCtrlC() async throws {
        let panel = try await IntegratorHarness.startPanel { panel in
            panel.partitionCount = 2
            panel.zones = [SimulatedZone(number: 1), SimulatedZone(number: 2), SimulatedZone(number: 9, partition: 2)]
        }
        try await withTemporaryDirectory { directory in
            let config = try Self.writeConfig(in: directory, port: panel.port, password: IntegratorHarness.password)
            let child = try Self.start(["--config", config, "--duration", "1h"])
            try await Self.progress(child, says: "zone 009 seen")
            // What the panel says later counts too: zone 17, which no status report named.
            #expect(await panel.control("open 2").hasPrefix("ok"))
            #expect(await panel.control("send 6022017").hasPrefix("ok"))
            try await Self.progress(child, says: "zone 017 seen (4 zones so far)")
            let (proposed, result) = try await Self.proposal(afterInterrupting: child)
            #expect(result.status == .exited(0), "\(result)")
            #expect(proposed?.zones == [1: "Front door", 2: "Zone 002", 9: "Zone 009", 17: "Zone 017"])
            #expect(proposed?.zoneTypes == [1: .door])
            #expect(proposed?.partitions == 2)
            #expect(result.stdout.contains(#""002": {name: "Zone 002"}  # open; seen "#), "\(result.stdout)")
            #expect(result.stdout.contains(#""017": {name: "Zone 017"}  # partition 2; seen once; new"#), "\(result.stdout)")
            let passwordShown = (result.stdout + result.stderr).contains(IntegratorHarness.password)
            #expect(!passwordShown, "the panel password was printed")
        }
        await panel.shutdown()
    }

    @Test func learnsThroughTheProxyWhileTheIntegratorRuns() async throws {
        try await ProxyStage.run { harness, port in
            let client = ProxyStage.viewer
            let config = try Self.writeConfig(
                in: harness.directory, port: harness.panel.port, password: "unused",
                extra: """
                  proxy:
                    listen: 127.0.0.1:\(port)
                    clients: {\(client.name): {password: \(client.password.value), permission: read}}
                """)
            let child = try Self.start(["--config", config, "--through-proxy", client.name, "--duration", "1h"])
            try await Self.progress(child, says: "zone 002 seen")
            let (proposed, result) = try await Self.proposal(afterInterrupting: child)
            #expect(result.status == .exited(0), "\(result)")
            #expect(proposed?.zones == [1: "Front door", 2: "Zone 002"])
            // The integrator stayed the panel's one client all along.
            #expect(await harness.panel.simulator.observation.logins == 1)
            let passwordShown = (result.stdout + result.stderr).contains(client.password.value)
            #expect(!passwordShown, "the proxy client's password was printed")
        }
    }

    @Test func endsByItselfWhenTheTimeIsUp() async throws {
        let panel = try await IntegratorHarness.startPanel()
        try await withTemporaryDirectory { directory in
            let config = try Self.writeConfig(in: directory, port: panel.port, password: IntegratorHarness.password)
            // Ten seconds: a login takes milliseconds, but the tests run in parallel on two cores.
            let result = try await Self.start(["--config", config, "--duration", "10s"]).waitForResult(timeout: .seconds(40))
            #expect(result.status == .exited(0), "\(result)")
            #expect(result.stdout.contains("zones:\n  \"001\": {name: \"Front door\", type: door}"), "\(result.stdout)")
        }
        await panel.shutdown()
    }

    @Test func saysWhyItLearntNothing() async throws {
        let panel = try await IntegratorHarness.startPanel()
        try await withTemporaryDirectory { directory in
            let wrong = try Self.writeConfig(in: directory, port: panel.port, password: "Wr0ng1")
            let refused = try await Self.start(["--config", wrong, "--duration", "1h"]).waitForResult(timeout: .seconds(30))
            #expect(refused.status == .exited(1) && refused.stderr.contains("127.0.0.1:\(panel.port) refused the password"), "\(refused)")
            #expect(!refused.stderr.contains("Wr0ng1") && refused.stdout.isEmpty)

            // The simulated EVL, like a real one, serves one client: the first keeps the slot.
            let config = try Self.writeConfig(in: directory, port: panel.port, password: IntegratorHarness.password)
            let first = try Self.start(["--config", config, "--duration", "1h"])
            try await Self.progress(first, says: "logged in")
            let second = try await Self.start(["--config", config, "--duration", "2s"]).waitForResult(timeout: .seconds(30))
            #expect(second.status == .exited(1) && second.stderr.contains("never logged in"), "\(second)")
            #expect(second.stdout.isEmpty)
            first.signal(SIGINT)
            #expect(try await first.waitForExit(timeout: .seconds(15)) == .exited(0))
        }
        await panel.shutdown()
    }

    @Test func refusesAProxyClientThatIsNotConfigured() async throws {
        try await withTemporaryDirectory { directory in
            let plain = try Self.writeConfig(in: directory, port: 4025, password: "x")
            let noProxy = try await Self.start(["--config", plain, "--through-proxy", "homeassistant"]).waitForResult()
            #expect(noProxy.status == .exited(64) && noProxy.stderr.contains("envisalinkd.proxy is not configured"), "\(noProxy)")
            let bad = try await Self.start(["--config", plain, "--duration", "25h"]).waitForResult()
            #expect(bad.status == .exited(64) && bad.stderr.contains("--duration"), "\(bad)")
        }
    }
}
