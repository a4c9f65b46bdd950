import AlarmCore
import ArgumentParser
import EnvisalinkSimulator
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// `envisalink-simulator`: a fake Envisalink EVL-4 with a DSC PowerSeries panel behind it.
@main
struct EnvisalinkSimulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "envisalink-simulator",
        abstract: "A fake Envisalink EVL-4 and DSC panel that speaks the TPI protocol, for development and tests.",
        discussion: """
            Serves one TPI client at a time as a real EVL does: 5053 on connect, 005 login within the \
            login timeout (5052 and close otherwise), 5050 and close on a wrong password, 501 on a bad \
            checksum, 500 before any result, 502 errors. Prints "tpi listening on HOST:PORT" (and \
            "control listening on 127.0.0.1:PORT") on standard output once listening; logs go to \
            standard error and never contain the password or an access code. SIGTERM or SIGINT stops it.

            Control commands, on standard input and on the control port, one per line, each answered \
            with one line starting "ok" or "error":
              open ZONE / close ZONE     open or close a zone
              alarm ZONE                 open an armed zone, alarm at once
              trouble ac|battery on|off  AC loss (802/803), low battery (800/801)
              send CODE[DATA]            send any frame; the checksum is added
              send-bad-checksum [FRAME]  a frame with a wrong checksum (609001)
              split                      write the next frame in two writes
              drop                       close the client's connection
              stall on|off               stop answering and sending, socket open
              drop-after CODE            carry out the next CODE command, drop before answering
              hold CODE / release        keep the next CODE command unanswered / carry it out
              fail CODE NNN              answer the next CODE command with 502NNN
              clock [YYYY-MM-DD HH:MM]   tell (and 056's time broadcast) or set the panel's clock
              status                     the panel and the client on one line
              help                       the list of commands
            """,
        version: "0.1.0"
    )

    @OptionGroup var network: NetworkOptions
    @OptionGroup var panel: PanelOptions

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical (default info, or $\(LoggingSetup.levelVariable)).")
    var logLevel: String?

    @Flag(inversion: .prefixedNo, help: "Read control commands from standard input.")
    var stdinControl = true

    func validate() throws {
        _ = try makeConfiguration()
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("unknown log level \(String(reflecting: logLevel))")
        }
    }

    func run() async throws {
        LoggingSetup.bootstrap(
            level: logLevel.flatMap(Logger.Level.init(rawValue:)), environment: ProcessInfo.processInfo.environment,
            defaultLevel: .info)
        let logger = Logger(label: "envisalink-simulator")
        let configuration = try makeConfiguration()
        let simulator = try Simulator(configuration: configuration, logger: logger)
        let host = configuration.host
        let service = SimulatorService(simulator: simulator, readsStandardInput: stdinControl) { server in
            var lines = ["tpi listening on \(host.contains(":") ? "[\(host)]" : host):\(server.port)"]
            if let controlPort = server.controlPort { lines.append("control listening on 127.0.0.1:\(controlPort)") }
            FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    private func makeConfiguration() throws -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration()
        do throws(SimulatorConfigurationError) {
            network.apply(to: &configuration)
            try panel.apply(to: &configuration)
            try configuration.validate()
        } catch {
            throw ValidationError(error.message)
        }
        return configuration
    }
}
