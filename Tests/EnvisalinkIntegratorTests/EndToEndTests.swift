import AlarmCore
import Beanstalk
import Foundation
import TestSupport
import Testing

/// The real executables: beanstalkd + envisalink-simulator + howalarming-envisalink, driven by
/// the simulator's control port and the howalarming CLI.
@Suite("Integrator end to end")
struct EndToEndTests {
    @Test func panelToQueueAndBackWithoutLeakingSecrets() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--control-port", "0", "--password", IntegratorHarness.password,
                    "--master-code", IntegratorHarness.masterCode, "--exit-delay", "0.3",
                    "--zone", "1=Front door", "--zone", "2=Hall PIR", "--no-stdin-control",
                ])
                let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                let controlPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on"))
                let config = try IntegratorHarness.writeExecutableConfig(
                    in: directory, server: server, panelPort: tpiPort, eventTube: "log", extra: #"zones: {"001": Front door}"#)
                let integrator = try ProcessRunner.start(
                    try Executables.path("howalarming-envisalink"), arguments: ["--config", config, "--log-level", "debug"])
                let cli = try Executables.path("howalarming")
                let tube = try TubeName("log")

                _ = try await readEvents(from: server, tube: tube, until: "the status dump") { $0.code == "510" }
                #expect(try await SimulatorProcess.control(controlPort, "open 1").hasPrefix("ok"))
                let open = try await readEvents(from: server, tube: tube, until: "zone 1 open") { $0.code == "609" }
                #expect(open.last?.zoneName == "Front door")

                #expect(try await SimulatorProcess.control(controlPort, "close 1").hasPrefix("ok"))
                _ = try await readEvents(from: server, tube: tube, until: "partition ready") { $0.code == "650" }
                let send = try await ProcessRunner.run(cli, arguments: ["send", "arm", "--config", config])
                #expect(send.status.isSuccess, "\(send)")
                let armed = try await readEvents(from: server, tube: tube, until: "armed") { $0.type == .armed }
                let commandID = send.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(armed.contains { $0.type == .command && $0.commandID?.uuidString.lowercased() == commandID })

                #expect(try await SimulatorProcess.control(controlPort, "drop").hasPrefix("ok"))
                _ = try await readEvents(from: server, tube: tube, until: "link lost") { $0.type == .fault && $0.code == "link" }
                _ = try await readEvents(from: server, tube: tube, until: "link restored") { $0.type == .recovery && $0.code == "link" }

                try await server.stop()
                #expect(try await SimulatorProcess.control(controlPort, "open 2").hasPrefix("ok"))
                try await server.restart()
                let spooled = try await readEvents(from: server, tube: tube, until: "zone 2 open") { $0.code == "609" && $0.zone == 2 }
                #expect(spooled.last?.zoneName == "zone 002")

                integrator.signal(SIGTERM)
                #expect(try await integrator.waitForExit(timeout: .seconds(10)) == .exited(0))
                simulator.signal(SIGTERM)
                _ = try await simulator.waitForExit(timeout: .seconds(10))
                for output in [integrator.standardOutput, integrator.standardError, simulator.standardOutput, simulator.standardError] {
                    let text = String(decoding: output, as: UTF8.self)
                    #expect(!text.contains(IntegratorHarness.password), "the panel password leaked into a log")
                    #expect(!text.contains(IntegratorHarness.masterCode), "the master code leaked into a log")
                }
            }
        }
    }
}
