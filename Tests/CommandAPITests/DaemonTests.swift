import AlarmCore
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

/// `howalarming-command` as the real daemon process: start-up, the API, SIGTERM, and its logs.
@Suite("Daemon")
struct DaemonTests {
    @Test func theDaemonServesTheAPIStopsOnSIGTERMAndNeverLogsAToken() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let port = try RawHTTP.freePort()
                let configPath = directory.appending("config.yaml")
                try (APIStage.configurationText(port: server.port, directory: directory) + "  listen: 127.0.0.1:\(port)\n")
                    .write(toFile: configPath, atomically: true, encoding: .utf8)
                let executable = try Executables.path("howalarming-command")
                let created = try await ProcessRunner.run(
                    executable, arguments: ["tokens", "create", "--config", configPath, "--name", "e2e", "--scope", "control"])
                let token = try #require(created.stdout.split(separator: "\n").last.map(String.init), "\(created.stderr)")
                // The log (standard error) on standard output, to wait for the start-up line.
                let daemon = try ProcessRunner.start("/bin/sh", arguments: [
                    "-c", "exec \"$0\" --config \"$1\" --log-level trace 2>&1", executable, configPath,
                ])
                _ = try await daemon.awaitLine(containing: "http api listening", timeout: .seconds(20))
                let stage = DaemonAPI(port: port, server: server)

                try await stage.put(eventJSON("armed", code: "652", sequence: 1, partition: 1))
                try await waitUntil("the event in the status") {
                    let status = try await stage.request(.GET, "/v1/status", token: token).json
                    return (status["partitions"] as? [[String: Any]])?.first?["state"] as? String == "armed"
                }
                let accepted = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"disarm"}"#)
                #expect(accepted.status == 202, "\(accepted)")
                #expect(try stage.take(from: "commands")?.contains(#""source":"howalarming-command:e2e""#) == true)
                #expect(try await stage.request(.GET, "/v1/status", token: "hal_" + String(token.dropFirst(4).reversed())).status == 401)

                daemon.signal(SIGTERM)
                #expect(try await daemon.waitForExit(timeout: .seconds(10)) == .exited(0))
                let log = String(decoding: daemon.standardOutput, as: UTF8.self)
                #expect(log.contains("command queued"), "\(log)")
                #expect(log.contains("authentication failed"), "\(log)")
                #expect(!log.contains(String(token.dropFirst(4))), "a token leaked into the log")
            }
        }
    }
}
