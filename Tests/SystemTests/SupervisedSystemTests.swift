import AlarmCore
import Foundation
import Testing
import TestSupport

/// `deploy/run-local.sh` (what `make run` runs) with the built executables: beanstalkd, the
/// simulated panel, the integrator, the log, push and command consumers, and the MQTT bridge with
/// a local mosquitto under supervisord.
@Suite struct SupervisedSystemTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func aZoneAlarmReachesTheLogTheAPIAndMQTTAndBothCommandThePanel() async throws {
        try await withTemporaryDirectory(prefix: "howalarming-run") { directory in
            _ = try SystemTool.supervisord()
            let binDirectory = URL(fileURLWithPath: try Executables.path("howalarming")).deletingLastPathComponent().path
            let system = try ProcessRunner.start(
                "\(Self.repository)/deploy/run-local.sh", arguments: [binDirectory],
                environment: ["HOWALARMING_RUN_DIR": directory.path, "EXIT_DELAY": "1"])
            try await running({
                let controlPort = try SimulatorProcess.port(in: try await system.awaitLine(containing: "control port"))
                let apiPort = try SimulatorProcess.port(
                    in: try await system.awaitLine(containing: "HTTP API").split(separator: ",")[0].description)
                let token = try await system.awaitLine(timeout: .seconds(5)) { $0.hasPrefix("hal_") }
                let broker = try LocalBroker.check(
                    runDirectory: directory, binDirectory: binDirectory, banner: try await system.awaitLine(containing: "MQTT broker"))
                // "TPI proxy      127.0.0.1:PORT, client homeassistant (control), password PASSWORD"
                let proxyBanner = try await system.awaitLine(containing: "TPI proxy")
                let proxyPort = try SimulatorProcess.port(in: String(proxyBanner.split(separator: ",")[0]))
                let proxyPassword = String(proxyBanner.split(separator: " ").last ?? "")
                let python = try await PythonPeer.find()
                let subscriber = try await broker.subscribe(python: python)
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/bridge", payload: "online", timeout: .seconds(30))
                let api = APIClient(port: apiPort, token: token)
                // The integrator's first events (the panel's status dump) reach the API.
                try await waitUntil("the API and the first panel events", timeout: .seconds(30)) {
                    (try? await api.get("/v1/status"))?.contains(#""last_event":{"#) == true
                }

                // Home Assistant's envisalink integration would log in to the TPI proxy so (it lets
                // clients in once the integrator has logged in to the panel).
                var connection: RawConnection?
                try await waitUntil("the TPI proxy to let a client in", timeout: .seconds(20)) {
                    guard let attempt = try? RawConnection(port: proxyPort), (try? attempt.readLine()) == "5053CD" else {
                        return false
                    }
                    connection = attempt
                    return true
                }
                let tpi = try #require(connection)
                try tpi.send(Self.tpiLine("005" + proxyPassword))
                #expect([try tpi.readLine(), try tpi.readLine()] == ["5000052A", "5051CB"])

                let log = directory.appending("events.jsonl")
                func logged(_ text: String) -> Bool {
                    (try? String(contentsOfFile: log, encoding: .utf8))?.contains(text) == true
                }
                let armed = try await api.post("/v1/commands", json: #"{"command":"arm"}"#)
                #expect(armed.contains(#""id""#), "\(armed)")
                try await waitUntil("the panel to report armed", timeout: .seconds(20)) { logged(#""type":"armed""#) }

                #expect(try await SimulatorProcess.control(controlPort, "alarm 1").hasPrefix("ok"))
                try await waitUntil("the alarm in the event log", timeout: .seconds(20)) { logged(#""type":"alarm""#) }
                var heard: [String] = []
                while heard.last?.hasPrefix("654") != true { heard.append(try tpi.readLine()) }
                #expect(heard.contains { $0.hasPrefix("6011001") }, "the proxy client hears the zone alarm: \(heard)")
                tpi.close()
                try await waitUntil("the alarm in /v1/status", timeout: .seconds(10)) {
                    (try? await api.get("/v1/status"))?.contains("alarm") == true
                }
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/p1/state", payload: "triggered")

                let disarmed = try await api.post("/v1/commands", json: #"{"command":"disarm"}"#)
                #expect(disarmed.contains(#""id""#), "\(disarmed)")
                try await waitUntil("the panel to report disarmed", timeout: .seconds(20)) { logged(#""type":"disarmed""#) }
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/p1/state", payload: "disarmed")

                // The front door closes, the partition is ready again, and Home Assistant arms it
                // (the payload as its command template writes it).
                #expect(try await SimulatorProcess.control(controlPort, "close 1").hasPrefix("ok"))
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/zone/001/state", payload: "OFF")
                // Who disarmed, and the alarm's zone, stay in the attributes until the next arming;
                // the keypad's memory LED shows it too.
                try await LocalBroker.awaitMessage(
                    subscriber, topic: "howalarming/home/p1/attributes",
                    payload: #"{"alarm_memory":["Front door"],"alarm_memory_zones":[1],"changed_by":"Master (user 40)","changed_by_user":40,"#
                        + #""leds":["ready","memory","backlight"],"leds_flashing":[],"leds_source":"panel","ready":true,"sounding":"none","status":"ready"}"#)
                let now = Int(Date().timeIntervalSince1970)
                try await broker.publish(
                    python: python, topic: "howalarming/home/p1/set", payload: #"{"action":"ARM_AWAY","code":null,"timestamp":\#(now)}"#)
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/p1/state", payload: "armed_away")

                // Ctrl-C: the bridge stops before the broker, so its offline reaches the subscriber.
                system.signal(SIGINT)
                try await LocalBroker.awaitMessage(subscriber, topic: "howalarming/home/bridge", payload: "offline")
            }, then: {
                system.signal(SIGINT)
                _ = try? await system.waitForExit(timeout: .seconds(30))
            })
            #expect(system.exitStatus.map { $0 == .exited(0) || $0 == .signaled(SIGINT) } ?? false)
        }
    }
}

extension SupervisedSystemTests {
    /// `text` (a TPI code and data) with its checksum and CRLF.
    static func tpiLine(_ text: String) -> String {
        let sum = text.utf8.reduce(UInt8(0)) { $0 &+ $1 }
        return text + String(sum, radix: 16, uppercase: true).leftPadded(to: 2) + "\r\n"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// curl against the command API.
struct APIClient {
    let port: Int
    let token: String

    func get(_ path: String) async throws -> String {
        try await curl(["-s", "-f", "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)\(path)"])
    }

    func post(_ path: String, json: String) async throws -> String {
        try await curl([
            "-s", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json", "-d", json,
            "http://127.0.0.1:\(port)\(path)",
        ])
    }

    private func curl(_ arguments: [String]) async throws -> String {
        let result = try await ProcessRunner.run("/usr/bin/curl", arguments: arguments, timeout: .seconds(10))
        guard result.status.isSuccess else { throw APIError(description: "curl \(arguments.last ?? ""): \(result)") }
        return result.stdout
    }

    struct APIError: Error, CustomStringConvertible {
        let description: String
    }
}
