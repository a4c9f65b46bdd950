import Foundation
import PushMocks
import TestSupport

/// The whole pipeline the console runs against, on the built executables: a beanstalkd, the
/// simulated panel (three zones, a three-second exit delay), the integrator, and
/// `howalarming-command` serving the console and the API on a free port of 127.0.0.1, with a
/// control token and a read token; with push, also `howalarming-push` sending to mock APNs and
/// FCM servers (``MockPushProviders``), with two phones registered.
final class ConsoleStage {
    static let password = "Cq4x8Z"
    /// The panel's master code. The integrator is not given it: a disarm from the console works
    /// only with the code typed there.
    static let masterCode = "572913"
    /// Empty values count as unset: the children use only what the test gives them.
    static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": ""]
    /// The simulated panel's zones, as the integrator names them.
    static let zones = [1: "Front door", 2: "Back door", 3: "Hall PIR"]
    /// The phones registered with push: an iPhone (APNs) and an Android phone (FCM).
    static let phones = [("ios", String(repeating: "a1", count: 32), "Anna's iPhone"), ("android", "android:console", "Ben's Pixel")]

    let directory: TemporaryDirectory
    let controlPort: Int
    let apiPort: Int
    private(set) var controlToken = ""
    private(set) var readToken = ""
    private(set) var daemons: [String: ChildProcess] = [:]
    /// The mock APNs, FCM and Web Push service, with `push`.
    private(set) var providers: MockPushProviders?

    /// The console's address.
    var url: String { "http://127.0.0.1:\(apiPort)/" }
    /// The console's origin (for permissions and push).
    var origin: String { "http://127.0.0.1:\(apiPort)" }
    var configPath: String { directory.appending("config.yaml") }

    private init(directory: TemporaryDirectory, controlPort: Int, apiPort: Int) {
        self.directory = directory
        self.controlPort = controlPort
        self.apiPort = apiPort
    }

    /// Runs `body` with everything started and the integrator logged in (with `push`, the push
    /// consumer too); stops it all afterwards. `escalation` is the `command.escalation` mapping
    /// (flow style), the defaults when empty.
    static func run(push: Bool = false, escalation: String = "", _ body: (ConsoleStage) async throws -> Void) async throws {
        try await withTemporaryDirectory(prefix: "console") { directory in
            try await withBinloggedBeanstalkd { server in
                let zoneArguments = zones.sorted { $0.key < $1.key }.flatMap { ["--zone", "\($0.key)=\($0.value)"] }
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--control-port", "0", "--password", password, "--master-code", masterCode,
                    "--exit-delay", "3", "--no-stdin-control",
                ] + zoneArguments)
                try await running({
                    let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                    let controlPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on"))
                    let stage = ConsoleStage(directory: directory, controlPort: controlPort, apiPort: try RawHTTP.freePort())
                    let providers = push ? try await MockPushProviders.start(writingCredentialsTo: directory.path) : nil
                    stage.providers = providers
                    try stage.writeConfiguration(
                        beanstalkdPort: server.port, tpiPort: tpiPort, push: providers, escalation: escalation)
                    stage.controlToken = try await stage.createToken(name: "household-phone", scope: "control")
                    stage.readToken = try await stage.createToken(name: "wall-display", scope: "read")
                    try await running({
                        try await stage.start("howalarming-envisalink", readyLine: "logged in")
                        try await stage.start("howalarming-command", readyLine: "http api listening")
                        if providers != nil {
                            try await stage.registerPhones()
                            try await stage.start("howalarming-push", readyLine: "consuming")
                        }
                        try await body(stage)
                    }, then: {
                        await stage.stopAll()
                        await providers?.stop()
                    })
                }, then: {
                    simulator.kill()
                })
            }
        }
    }

    /// Sends one command to the simulated panel's control port (`open 2`, `close 2`, `alarm 1`).
    func panel(_ command: String) async throws {
        let answer = try await SimulatorProcess.control(controlPort, command)
        guard answer.hasPrefix("ok") else {
            throw TestSupportError(.unexpectedReply, "the simulator answered \(command) with \(answer)")
        }
    }

    /// Stops `howalarming-command` (SIGTERM, as a supervisor would) and waits for it to exit.
    func stopCommand() async throws {
        try await stop("howalarming-command")
    }

    /// Stops the daemon `executable` (SIGTERM) and waits for it to exit.
    func stop(_ executable: String) async throws {
        guard let daemon = daemons.removeValue(forKey: executable) else { return }
        daemon.signal(SIGTERM)
        try await daemon.waitForExit(timeout: .seconds(15))
    }

    /// Starts `howalarming-command` again on the same port.
    func startCommand() async throws {
        try await start("howalarming-command", readyLine: "http api listening")
    }

    /// Revokes the token named `name` with the CLI, as an operator would.
    func revoke(_ name: String) async throws {
        let result = try await ProcessRunner.run(try Executables.path("howalarming-command"),
            arguments: ["tokens", "revoke", name, "--config", configPath], environment: Self.environment)
        guard result.status.isSuccess else { throw TestSupportError(.exitedEarly, "tokens revoke failed: \(result.status)") }
    }

    private func start(_ executable: String, readyLine: String) async throws {
        let process = try ProcessRunner.start("/bin/sh", arguments: [
            "-c", "exec \"$0\" --config \"$1\" 2>&1", try Executables.path(executable), configPath,
        ], environment: Self.environment)
        daemons[executable] = process
        _ = try await process.awaitLine(containing: readyLine, timeout: .seconds(30))
    }

    private func stopAll() async {
        for daemon in daemons.values { daemon.signal(SIGTERM) }
        for daemon in daemons.values {
            if (try? await daemon.waitForExit(timeout: .seconds(15))) == nil { daemon.kill() }
        }
        daemons = [:]
    }

    private func createToken(name: String, scope: String) async throws -> String {
        let created = try await ProcessRunner.run(try Executables.path("howalarming-command"),
            arguments: ["tokens", "create", "--name", name, "--scope", scope, "--config", configPath], environment: Self.environment)
        guard created.status.isSuccess, let token = created.stdout.split(separator: "\n").last else {
            throw TestSupportError(.exitedEarly, "tokens create failed: \(created.status)")
        }
        return String(token)
    }

    /// Registers ``phones`` with `howalarming-push devices add`, as an operator would.
    private func registerPhones() async throws {
        for (platform, token, name) in Self.phones {
            let added = try await ProcessRunner.run(try Executables.path("howalarming-push"), arguments: [
                "devices", "add", "--config", configPath, "--platform", platform, "--token", token, "--name", name,
            ], environment: Self.environment)
            guard added.status.isSuccess else { throw TestSupportError(.exitedEarly, "devices add failed: \(added.status)") }
        }
    }

    private func writeConfiguration(
        beanstalkdPort: Int, tpiPort: Int, push providers: MockPushProviders?, escalation: String
    ) throws {
        let zones = Self.zones.sorted { $0.key < $1.key }.map { "\"\(String(format: "%03d", $0.key))\": \($0.value)" }
        let push = providers.map { providers in
            """
            push:
              database: \(directory.appending("push.sqlite"))
            \(providers.pushSectionYAML)

            """
        } ?? ""
        try """
            beanstalkd:
              host: 127.0.0.1
              port: \(beanstalkdPort)
              tubes: {commands: [commands], events: [command\(providers == nil ? "" : ", push")]}
            envisalinkd:
              host: 127.0.0.1
              port: \(tpiPort)
              password: \(Self.password)
              zones: {\(zones.joined(separator: ", "))}
              users: {"40": Anna}
              spool: \(directory.appending("spool.jsonl"))
              sequence_file: \(directory.appending("sequence"))
            command:
              listen: 127.0.0.1:\(apiPort)
              database: \(directory.appending("command.sqlite"))
              escalation: {\(escalation)}
            \(push)
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
    }
}
