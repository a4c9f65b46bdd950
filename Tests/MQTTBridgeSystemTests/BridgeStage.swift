import Foundation
import TestSupport

/// The bridge as it runs in a house, on the built executables: a beanstalkd, a mosquitto with
/// passwords and ACLs (the bridge, Home Assistant, and a second site's bridge and owner), the
/// simulated panel (two zones, a two-second exit delay), the integrator polling every 2 s, and
/// `howalarming-mqtt` for site `home`; an observer subscribed to everything as Home Assistant.
final class BridgeStage {
    static let panelPassword = "Qz7k2P"
    static let masterCode = "572913"
    /// Empty values count as unset: the children use only what the test gives them.
    static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": "", "HOWALARMING_MQTT_PASSWORD": ""]
    static let bridge = MosquittoUser(name: "bridge-home", password: "b7Rr2-home-pw", rules: [
        "topic readwrite howalarming/home/#", "topic readwrite homeassistant/+/howalarming_home/#", "topic read homeassistant/status",
    ])
    static let homeAssistant = MosquittoUser(name: "hass", password: "h9Kq4-hass-pw", rules: ["topic readwrite #"])
    static let cabinBridge = MosquittoUser(name: "bridge-cabin", password: "c3Vt8-cabin-pw", rules: [
        "topic readwrite howalarming/cabin/#", "topic readwrite homeassistant/+/howalarming_cabin/#",
        "topic read homeassistant/status",
    ])
    static let cabinOwner = MosquittoUser(name: "cabin-owner", password: "o5Lm1-owner-pw", rules: [
        "topic readwrite howalarming/cabin/#", "topic read homeassistant/+/howalarming_cabin/#",
    ])
    /// Every secret of the stage: none may appear in a daemon's output.
    static let secrets = [panelPassword, masterCode, bridge.password, homeAssistant.password, cabinBridge.password, cabinOwner.password]

    let directory: TemporaryDirectory
    let beanstalkd: BeanstalkdServer
    let broker: MosquittoBroker
    let python: PythonPeer
    let controlPort: Int
    let tpiPort: Int
    /// Everything published on the broker, as Home Assistant sees it.
    let observer: MQTTObserver
    private(set) var daemons: [String: ChildProcess] = [:]
    /// The output of daemons stopped during the test.
    private(set) var stoppedOutput = ""

    var configPath: String { directory.appending("config.yaml") }

    private init(
        directory: TemporaryDirectory, beanstalkd: BeanstalkdServer, broker: MosquittoBroker, python: PythonPeer,
        observer: MQTTObserver, tpiPort: Int, controlPort: Int
    ) {
        self.directory = directory
        self.observer = observer
        self.beanstalkd = beanstalkd
        self.broker = broker
        self.python = python
        self.tpiPort = tpiPort
        self.controlPort = controlPort
    }

    /// Runs `body` with everything started, the integrator logged in and the bridge consuming
    /// (unless `startBridge` is false); stops it all afterwards and checks that no secret
    /// appeared in any daemon's output.
    static func run(
        startBridge: Bool = true, before: (BridgeStage) async throws -> Void = { _ in }, _ body: (BridgeStage) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory(prefix: "mqtt-bridge") { directory in
            try await withBinloggedBeanstalkd { beanstalkd in
                try await withMosquitto(users: [bridge, homeAssistant, cabinBridge, cabinOwner]) { broker in
                    let python = try await PythonPeer.find()
                    let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                        "--port", "0", "--control-port", "0", "--password", panelPassword, "--master-code", masterCode,
                        "--exit-delay", "2", "--no-stdin-control", "--zone", "1=Front door", "--zone", "2=Hall PIR",
                    ])
                    try await running({
                        let stage = BridgeStage(
                            directory: directory, beanstalkd: beanstalkd, broker: broker, python: python,
                            observer: try await MQTTObserver.start(python: python, broker: broker, user: homeAssistant, filter: "#"),
                            tpiPort: try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on")),
                            controlPort: try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on")))
                        try stage.writeConfiguration()
                        try await running({
                            try await before(stage)
                            try await stage.start("howalarming-envisalink", readyLine: "logged in")
                            if startBridge { try await stage.startBridge() }
                            try await body(stage)
                        }, then: {
                            await stage.stopAll()
                            stage.observer.stop()
                        })
                        let output = stage.stoppedOutput
                        for secret in secrets where output.contains(secret) {
                            throw TestSupportError(.unexpectedReply, "a secret appeared in a daemon's output")
                        }
                    }, then: {
                        simulator.kill()
                    })
                }
            }
        }
    }

    /// Starts `howalarming-mqtt` with `config` (the stage's own by default) and waits until it consumes.
    func startBridge(config: String? = nil, name: String = "howalarming-mqtt") async throws {
        try await start("howalarming-mqtt", config: config, name: name, readyLine: "consuming")
    }

    /// Stops the daemon started as `name` (SIGTERM, as a supervisor would) and returns its exit status.
    @discardableResult
    func stop(_ name: String = "howalarming-mqtt") async throws -> ExitStatus? {
        guard let daemon = daemons.removeValue(forKey: name) else { return nil }
        daemon.signal(SIGTERM)
        let status = try await daemon.waitForExit(timeout: .seconds(15))
        stoppedOutput += daemon.lines.joined(separator: "\n")
        return status
    }

    /// The output of the running daemon `name` so far.
    func output(of name: String = "howalarming-mqtt") -> String {
        daemons[name]?.lines.joined(separator: "\n") ?? ""
    }

    /// Sends one command to the simulated panel's control port (`open 2`, `alarm 1`, `stall on`).
    func panel(_ command: String) async throws {
        let answer = try await SimulatorProcess.control(controlPort, command)
        guard answer.hasPrefix("ok") else {
            throw TestSupportError(.unexpectedReply, "the simulator answered \(command) with \(answer)")
        }
    }

    /// Publishes `payload` on `topic` at QoS 1 with paho, as `user` (Home Assistant by default).
    func publish(_ topic: String, _ payload: String, retain: Bool = false, as user: MosquittoUser = homeAssistant) async throws {
        let result = try await python.run(script: "mqtt_peer.py", arguments: [
            "publish", broker.host, String(broker.port), user.name, user.password, topic,
            Data(payload.utf8).map { String(format: "%02x", $0) }.joined(), "1", retain ? "1" : "0",
        ])
        guard result.status.isSuccess, result.stdout.contains("published") else {
            throw TestSupportError(.exitedEarly, "paho could not publish on \(topic): \(result.status)")
        }
    }

    /// Home Assistant's command on partition 1, as its command template makes it (sent now).
    func homeAssistantCommand(_ action: String, code: String? = nil) async throws {
        let code = code.map { "\"\($0)\"" } ?? "null"
        try await publish("howalarming/home/p1/set", #"{"action":"\#(action)","code":\#(code),"timestamp":\#(Int(Date().timeIntervalSince1970))}"#)
    }

    /// Writes the configuration: every event tube, the panel, the log, the bridge of site `home`.
    private func writeConfiguration() throws {
        try Self.bridge.password.write(toFile: directory.appending("mqtt-password"), atomically: true, encoding: .utf8)
        try configuration(site: "home", tube: "mqtt", user: Self.bridge)
            .write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// A configuration whose bridge is site `site` on `tube`, logging in as `user`.
    func configuration(site: String, tube: String, user: MosquittoUser, passwordFile: String = "mqtt-password") -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(beanstalkd.port)
          tubes: {commands: [commands], events: [log, mqtt, mqtt-cabin]}
        envisalinkd:
          host: 127.0.0.1
          port: \(tpiPort)
          password: "\(Self.panelPassword)"
          code_master: "\(Self.masterCode)"
          zones: {"001": {name: Front door, type: door}, "002": {name: Hall PIR, type: motion}}
          poll_interval: 2
          spool: \(directory.appending("spool.jsonl"))
          sequence_file: \(directory.appending("envisalink.sequence"))
        log:
          file: \(directory.appending("events.jsonl"))
        mqtt:
          host: 127.0.0.1
          port: \(broker.port)
          username: \(user.name)
          password_file: \(passwordFile)
          site: \(site)
          tube: \(tube)
          keep_alive: 5
        """
    }

    /// Starts `executable` with `config` (the stage's own by default) as `name`, and waits for `readyLine` in its output.
    func start(_ executable: String, config: String? = nil, name: String? = nil, readyLine: String) async throws {
        let process = try ProcessRunner.start("/bin/sh", arguments: [
            "-c", "exec \"$0\" --config \"$1\" 2>&1", try Executables.path(executable), config ?? configPath,
        ], environment: Self.environment)
        daemons[name ?? executable] = process
        _ = try await process.awaitLine(containing: readyLine, timeout: .seconds(30))
    }

    private func stopAll() async {
        for name in Array(daemons.keys) {
            if (try? await stop(name)) == nil { daemons.removeValue(forKey: name)?.kill() }
        }
    }
}
