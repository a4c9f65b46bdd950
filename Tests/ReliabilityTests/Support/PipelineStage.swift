import Foundation
import PushMocks
import TestSupport

/// The whole pipeline on the built executables: a beanstalkd with a binlog, the simulated
/// panel, mock APNs and FCM, and a configuration with which the integrator, the log consumer
/// and the push consumer (``Daemon``) can be started, killed and started again as a
/// supervisor would. ``phones`` iPhones are registered; every event type is pushed. The
/// integrator also puts every event on the `audit` tube, which nobody reads, so that a test can
/// look at every job it put. The command API has a control token, ``apiToken``.
struct PipelineStage {
    static let password = "Rl7x2Q"
    /// The panel's master code (the simulator's and `code_master`).
    static let masterCode = "739164"
    /// Registered iPhones (APNs tokens ``phoneToken(_:)``).
    static let phones = 3
    /// Empty values count as unset: the children use only what the test gives them.
    static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": ""]

    let server: BeanstalkdServer
    let directory: TemporaryDirectory
    let providers: MockPushProviders
    let simulator: ChildProcess
    let controlPort: Int
    /// The command API's port on 127.0.0.1.
    let apiPort: Int
    /// A token of the command API with the control scope (`hal_…`), written at start.
    var apiToken: String { (try? String(contentsOfFile: directory.appending("api-token"), encoding: .utf8)) ?? "" }

    var configPath: String { directory.appending("config.yaml") }
    var logPath: String { directory.appending("log/events.jsonl") }
    var spoolPath: String { directory.appending("spool/spool.jsonl") }
    var databasePath: String { directory.appending("push.sqlite") }
    var apns: MockAPNSServer { providers.apns }

    /// Runs `body` with beanstalkd, the simulator and the mocks started, the configuration
    /// written and the phones registered; stops what it started afterwards (daemons the body
    /// started are the body's to stop). `extraEventTubes` are added to the event tubes,
    /// `integratorSettings` (YAML lines) to the `envisalinkd` section and `commandSettings` to the
    /// `command` section.
    static func run<Result>(
        extraEventTubes: [String] = [], integratorSettings: [String] = [], commandSettings: [String] = [],
        isolation: isolated (any Actor)? = #isolation, _ body: (PipelineStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory(prefix: "reliability") { directory in
            try await withBinloggedBeanstalkd { server in
                let providers = try await MockPushProviders.start(writingCredentialsTo: directory.path)
                let simulator = try ProcessRunner.start(try Executables.path("envisalink-simulator"), arguments: [
                    "--port", "0", "--control-port", "0", "--password", password, "--master-code", masterCode,
                    "--zone", "1=Front door", "--exit-delay", "0", "--no-stdin-control",
                ])
                return try await running({
                    let tpiPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "tpi listening on"))
                    let controlPort = try SimulatorProcess.port(in: try await simulator.awaitLine(containing: "control listening on"))
                    let stage = PipelineStage(
                        server: server, directory: directory, providers: providers, simulator: simulator, controlPort: controlPort,
                        apiPort: try RawHTTP.freePort())
                    try await stage.prepare(
                        tpiPort: tpiPort, extraEventTubes: extraEventTubes, integratorSettings: integratorSettings,
                        commandSettings: commandSettings)
                    return try await body(stage)
                }, then: {
                    simulator.kill()
                    await providers.stop()
                })
            }
        }
    }

    /// The APNs token of phone `index` (1…``phones``).
    static func phoneToken(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    static var phoneTokens: [String] { (1...phones).map(phoneToken) }

    /// Starts `daemon` with its log (standard error) on standard output, so that tests can
    /// wait for its lines; waits for its ``Daemon/readyLine``.
    @discardableResult
    func start(_ daemon: Daemon) async throws -> ChildProcess {
        let process = try ProcessRunner.start("/bin/sh", arguments: [
            "-c", "exec \"$0\" --config \"$1\" 2>&1", try Executables.path(daemon.rawValue), configPath,
        ], environment: Self.environment)
        _ = try await process.awaitLine(containing: daemon.readyLine, timeout: .seconds(30))
        return process
    }

    /// Starts every ``Daemon``.
    func startAll() async throws -> [Daemon: ChildProcess] {
        var daemons: [Daemon: ChildProcess] = [:]
        for daemon in Daemon.allCases { daemons[daemon] = try await start(daemon) }
        return daemons
    }

    /// Waits until the log holds at least `burstEvents` events of a ``PanelBurst`` and the log
    /// and push tubes are empty (every job written, pushed and deleted).
    func waitUntilSettled(burstEvents: Int, timeout: Duration = .seconds(240)) async throws {
        try await waitUntil("\(burstEvents) burst events in the log and every tube empty", timeout: timeout) {
            // The tubes first: reading the whole log on every poll is what costs.
            guard try isEmpty(tube: "log"), try isEmpty(tube: "push") else { return false }
            return await PipelineAudit.collect(logPath: logPath, apns: apns).burstMessages.count >= burstEvents
        }
    }

    /// Stops the pipeline for an audit: the integrator first, then, once the consumers have
    /// handled what it put on the way out (its "panel link lost" is an event too), the rest.
    /// Stopping all at once would leave that last event logged but not yet pushed, or pushed but
    /// not yet logged, which an audit would count as a loss.
    func stopForAudit(integrator: ChildProcess, consumers: [ChildProcess], burstEvents: Int) async throws {
        try await ShutdownCheck.stopAll([integrator])
        try await waitUntilSettled(burstEvents: burstEvents, timeout: .seconds(60))
        try await ShutdownCheck.stopAll(consumers)
    }

    /// Whether the log file contains `text`.
    func logged(_ text: String) -> Bool {
        (try? String(contentsOfFile: logPath, encoding: .utf8))?.contains(text) == true
    }

    /// beanstalkd's `stats`, or of one tube with `tube`.
    func stats(tube: String? = nil) throws -> [String: String] {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        return try client.stats(tube: tube)
    }

    /// How many jobs of `tube` were deleted so far (`cmd-delete`).
    func deletes(tube: String) throws -> Int {
        try stats(tube: tube)["cmd-delete"].flatMap { Int($0) } ?? 0
    }

    /// Whether `tube` holds no job at all: none ready, reserved, delayed or buried.
    /// A tube that does not exist (beanstalkd drops a tube with no job and no watcher, as when
    /// it has just restarted) is empty.
    func isEmpty(tube: String) throws -> Bool {
        try hasNoJobs(in: tube, ["ready", "reserved", "delayed", "buried"])
    }

    /// Whether `tube` holds nothing waiting to be handled: buried jobs may stay.
    func hasNothingPending(tube: String) throws -> Bool {
        try hasNoJobs(in: tube, ["ready", "reserved", "delayed"])
    }

    private func hasNoJobs(in tube: String, _ states: [String]) throws -> Bool {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        guard let counts = try client.statsIfExists(tube: tube) else { return true }
        return states.allSatisfy { counts["current-jobs-\($0)"] == "0" }
    }

    private func prepare(
        tpiPort: Int, extraEventTubes: [String], integratorSettings: [String], commandSettings: [String]
    ) async throws {
        for folder in ["log", "spool"] {
            try FileManager.default.createDirectory(atPath: directory.appending(folder), withIntermediateDirectories: false)
        }
        try """
            beanstalkd:
              host: 127.0.0.1
              port: \(server.port)
              tubes: {commands: [commands], events: [\((["log", "push", "command", "audit"] + extraEventTubes).joined(separator: ", "))]}
            envisalinkd:
              host: 127.0.0.1
              port: \(tpiPort)
              password: \(Self.password)
              code_master: "\(Self.masterCode)"
              zones: {"001": Front door}
              spool: \(spoolPath)
              sequence_file: \(directory.appending("sequence"))
            \(integratorSettings.map { "  \($0)\n" }.joined())log:
              file: \(logPath)
            push:
              database: \(databasePath)
              concurrency: 50
              request_timeout: 5
              triggers: [command, info, armed, disarmed, response, alarm, recovery, fault, unknown]
            \(providers.pushSectionYAML)
            command:
              listen: 127.0.0.1:\(apiPort)
              database: \(directory.appending("command.sqlite"))
            \(commandSettings.map { "  \($0)\n" }.joined())
            """.write(toFile: configPath, atomically: true, encoding: .utf8)
        let tokens = directory.appending("tokens.txt")
        try Self.phoneTokens.joined(separator: "\n").write(toFile: tokens, atomically: true, encoding: .utf8)
        let imported = try await ProcessRunner.run(
            try Executables.path(Daemon.push.rawValue),
            arguments: ["devices", "import", tokens, "--platform", "ios", "--config", configPath],
            environment: Self.environment)
        guard imported.status.isSuccess else { throw TestSupportError(.exitedEarly, "devices import failed: \(imported)") }
        let created = try await ProcessRunner.run(
            try Executables.path(Daemon.command.rawValue),
            arguments: ["tokens", "create", "--name", "reliability", "--scope", "control", "--config", configPath],
            environment: Self.environment)
        guard created.status.isSuccess, let token = created.stdout.split(separator: "\n").last else {
            throw TestSupportError(.exitedEarly, "tokens create failed: \(created.status)")
        }
        try String(token).write(toFile: directory.appending("api-token"), atomically: true, encoding: .utf8)
    }
}
