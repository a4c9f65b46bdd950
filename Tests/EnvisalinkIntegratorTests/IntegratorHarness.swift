import AlarmCore
import Beanstalk
import EnvisalinkIntegrator
import EnvisalinkSimulator
import Logging
import NIOCore
import ServiceLifecycle
import TestSupport
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A real beanstalkd, the simulated panel in-process and the integrator's services, wired
/// like the daemon, with distinctive secrets that must never show up anywhere.
struct IntegratorHarness {
    static let password = "Pw7x9Q"
    static let masterCode = "864213"
    /// User 7's access code on the simulated panel, typed with commands (`access_code`). Six
    /// digits, as the master code: four turn up by chance in events' sequence numbers, which the
    /// harness scans for secrets.
    static let userCode = "470295"

    let server: BeanstalkdServer
    let panel: SimulatorServer
    let directory: TemporaryDirectory
    let eventTube = try! TubeName("events")
    let commandTube = try! TubeName("commands")

    /// Writes a configuration for the integrator's executable: commands from `commands`, events
    /// to `eventTube`, the panel at `panelPort` with the harness's secrets, its state in
    /// `directory`, and `extra` lines in its `envisalinkd` section. Returns the file's path.
    static func writeExecutableConfig(
        in directory: TemporaryDirectory, server: BeanstalkdServer, panelPort: Int, eventTube: String, extra: String = ""
    ) throws -> String {
        let path = directory.appending("config.yaml")
        try """
            beanstalkd:
              host: 127.0.0.1
              port: \(server.port)
              tubes: {commands: [commands], events: [\(eventTube)]}
            envisalinkd:
              host: 127.0.0.1
              port: \(panelPort)
              password: \(password)
              code_master: "\(masterCode)"
              spool: \(directory.appending("spool.jsonl"))
              sequence_file: \(directory.appending("sequence"))
              \(extra)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `body` with everything up and the integrator running; shuts it down gracefully
    /// afterwards. `arrange` may add services to the integrator's, as the group runs them;
    /// `preparePanel` may set up the simulated panel before the integrator first connects;
    /// `hostClock` says whether the box's clock is synchronised (by default it is, whatever this
    /// machine's is, so that the panel's clock is set the same way everywhere) and `clockTime` the
    /// time it is set from; the integrator logs
    /// to `logger` (nowhere by default).
    static func run(
        password: String = IntegratorHarness.password,
        logger: Logger = quietLogger,
        hostClock: @escaping @Sendable () -> HostClockStatus = { .synchronised },
        clockTime: PanelClockTime = .system,
        configurePanel: (inout SimulatorConfiguration) -> Void = { _ in },
        configure: (inout HowAlarmingConfig) -> Void = { _ in },
        preparePanel: (SimulatorServer) async -> Void = { _ in },
        arrange: ([any Service]) -> [any Service] = { $0 },
        _ body: (IntegratorHarness) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let panel = try await startPanel(configure: configurePanel)
                await preparePanel(panel)
                let harness = IntegratorHarness(server: server, panel: panel, directory: directory)
                var configuration = harness.configuration(password: password)
                configure(&configuration)
                // The panel's zone by ICU's rules, in-process: the executable's would set the
                // test process's TZ for every test (SystemTimeZone.use).
                let zone = configuration.envisalink?.clock.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
                let services = arrange(try EnvisalinkIntegratorApp.services(
                    configuration: configuration, logger: logger, hostClock: hostClock, clockTime: clockTime, zone: zone))
                let group = ServiceGroup(configuration: .init(services: services, logger: quietLogger))
                let running = Task { try await group.run() }
                do {
                    try await body(harness)
                } catch {
                    await group.triggerGracefulShutdown()
                    _ = try? await running.value
                    await panel.shutdown()
                    throw error
                }
                await group.triggerGracefulShutdown()
                try await running.value
                await panel.shutdown()
            }
        }
    }

    /// Starts the simulated panel in-process on a free port, with the harness's password, master
    /// code and two zones, and what `configure` changes.
    static func startPanel(configure: (inout SimulatorConfiguration) -> Void = { _ in }) async throws -> SimulatorServer {
        var configuration = SimulatorConfiguration()
        configuration.port = 0
        configuration.password = IntegratorHarness.password
        configuration.masterCode = IntegratorHarness.masterCode
        configuration.userCodes = [7: IntegratorHarness.userCode]
        configuration.zones = [SimulatedZone(number: 1, name: "Front door"), SimulatedZone(number: 2, name: "Hall PIR")]
        configuration.exitDelay = .milliseconds(300)
        configuration.entryDelay = .milliseconds(300)
        configure(&configuration)
        return try await SimulatorServer.start(configuration: configuration, logger: quietLogger)
    }

    private func configuration(password: String) -> HowAlarmingConfig {
        var configuration = HowAlarmingConfig()
        configuration.beanstalkd.port = server.port
        configuration.beanstalkd.eventTubes = [eventTube]
        configuration.beanstalkd.commandTubes = [commandTube]
        var panel = EnvisalinkConfig()
        panel.port = self.panel.port
        panel.password = Secret(password)
        panel.codeMaster = Secret(IntegratorHarness.masterCode)
        panel.zones = [1: "Front door"]
        panel.spool = directory.appending("spool.jsonl")
        panel.sequenceFile = directory.appending("sequence")
        configuration.envisalink = panel
        return configuration
    }

    /// Puts a command on the command tube; returns its id.
    @discardableResult
    func send(_ json: String) async throws -> String {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
        try await connection.use(commandTube)
        _ = try await connection.put(json)
        await connection.close()
        return json
    }

    /// Reads events from the event tube until `predicate` matches one; returns all read so far.
    func events(until description: String, timeout: Duration = .seconds(15),
                _ predicate: (AlarmEvent) -> Bool) async throws -> [AlarmEvent] {
        try await readEvents(from: server, tube: eventTube, until: description, timeout: timeout, predicate)
    }

    /// Waits until the integrator is logged in to the panel.
    func waitForLogin() async throws {
        let loggedIn = await panel.simulator.wait(timeout: .seconds(10), until: { $0.isClientLoggedIn })
        #expect(loggedIn, "the integrator should log in to the panel")
    }
}

/// Reads (and deletes) events from `tube` until `predicate` matches one, checking that none
/// carries a secret; returns all events read.
func readEvents(
    from server: BeanstalkdServer, tube: TubeName, until description: String, timeout: Duration = .seconds(15),
    _ predicate: (AlarmEvent) -> Bool
) async throws -> [AlarmEvent] {
    let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
    try await connection.watch(tube)
    try await connection.ignore(.default)
    let deadline = ContinuousClock.now + timeout
    var seen: [AlarmEvent] = []
    while ContinuousClock.now < deadline {
        guard let job = try await connection.reserve(timeout: .seconds(1)) else { continue }
        // JSON numbers (a microsecond `sequence`, a `timestamp`) hold six-digit runs by chance:
        // the codes are looked for in the text only.
        let text = String(buffer: job.body).replacing(/:[0-9]+/, with: ":0")
        let secretShown = [IntegratorHarness.password, IntegratorHarness.masterCode, IntegratorHarness.userCode].contains { text.contains($0) }
        #expect(!secretShown, "a secret leaked into an event")
        let event = try AlarmEvent.decode(json: job.body.readableBytesView)
        try await connection.delete(job.id)
        seen.append(event)
        if predicate(event) {
            await connection.close()
            return seen
        }
    }
    await connection.close()
    Issue.record("no event \(description) within \(timeout); saw \(seen.map { "\($0.type.rawValue) \($0.code) \($0.message)" })")
    throw CancellationError()
}

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
