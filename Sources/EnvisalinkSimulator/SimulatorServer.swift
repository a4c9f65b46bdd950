public import Logging
import EnvisalinkTPI
import NIOCore
import NIOPosix

/// A running simulator: the TPI server and, if configured, the control port on 127.0.0.1.
///
/// For tests that run the simulator in-process:
/// ```swift
/// var configuration = SimulatorConfiguration()
/// configuration.port = 0                      // a free port
/// configuration.exitDelay = .milliseconds(100)
/// let server = try await SimulatorServer.start(configuration: configuration, logger: logger)
/// // connect to 127.0.0.1:server.port …
/// _ = await server.control("open 1")          // "ok zone 1 open"
/// await server.shutdown()
/// ```
///
/// Control commands, one per line, each answered by one line starting `ok` or `error`:
/// `open ZONE`, `close ZONE`, `alarm ZONE` (open an armed zone and alarm at once),
/// `trouble ac|battery on|off`, `send CODE[DATA]` (any frame; checksum added),
/// `send-bad-checksum [CODE[DATA]]`, `split` (the next frame in two writes),
/// `drop` (close the client), `stall on|off` (ignore the client and send nothing, socket open),
/// `clock [YYYY-MM-DD HH:MM]` (tell or set the panel's clock), `status`, `help`.
public final class SimulatorServer: Sendable {
    /// The longest TPI line the EVL takes (a longer one gets `502002`).
    static let maximumTPILineLength = 256
    /// The longest control line.
    static let maximumControlLineLength = 1024

    /// The simulated EVL and panel.
    public let simulator: Simulator
    /// The TPI port it listens on (the chosen one when configured as 0).
    public let port: Int
    /// The control port on 127.0.0.1, if configured.
    public let controlPort: Int?
    private let serving: Task<Void, Never>

    private init(simulator: Simulator, port: Int, controlPort: Int?, serving: Task<Void, Never>) {
        self.simulator = simulator
        self.port = port
        self.controlPort = controlPort
        self.serving = serving
    }

    /// Validates `configuration`, binds its ports and starts serving.
    public static func start(configuration: SimulatorConfiguration, logger: Logger) async throws -> SimulatorServer {
        try await start(simulator: Simulator(configuration: configuration, logger: logger))
    }

    /// Binds the ports `simulator`'s configuration names and starts serving.
    public static func start(simulator: Simulator) async throws -> SimulatorServer {
        let configuration = simulator.configuration
        let tpi = try await bind(host: configuration.host, port: configuration.port,
                                 maximumLineLength: maximumTPILineLength)
        var control: LineServer?
        if let controlPort = configuration.controlPort {
            do {
                control = try await bind(host: "127.0.0.1", port: controlPort, maximumLineLength: maximumControlLineLength)
            } catch {
                try? await tpi.channel.close()
                throw error
            }
        }
        let serving = Task { [control] in
            await withDiscardingTaskGroup { group in
                group.addTask { await accept(on: tpi) { await TPIConnection.serve($0, simulator: simulator) } }
                if let control {
                    group.addTask { await accept(on: control) { await ControlConnection.serve($0, simulator: simulator) } }
                }
            }
        }
        let port = tpi.channel.localAddress?.port ?? configuration.port
        let controlPort = control?.channel.localAddress?.port
        simulator.logger.info("listening", metadata: [
            "tpi": "\(configuration.host):\(port)", "control": "\(controlPort.map { "127.0.0.1:\($0)" } ?? "none")",
            "configuration": "\(configuration)",
        ])
        return SimulatorServer(simulator: simulator, port: port, controlPort: controlPort, serving: serving)
    }

    /// Runs one control command; see the list above.
    public func control(_ line: String) async -> String {
        await simulator.control(line)
    }

    /// Closes the ports and the client's connection, stops the timers, and returns when done.
    public func shutdown() async {
        serving.cancel()
        await serving.value
        await simulator.shutdown()
    }

    private static func bind(host: String, port: Int, maximumLineLength: Int) async throws -> LineServer {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineSplitter(maximumLength: maximumLineLength)))
                    return try LineChannel(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Accepts connections until cancelled, serving each in its own child task.
    private static func accept(
        on server: LineServer, _ serve: @escaping @Sendable (LineChannel) async -> Void
    ) async {
        try? await server.executeThenClose { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }
}
