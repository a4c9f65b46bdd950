import ArgumentParser
import EnvisalinkSimulator

/// Where and how the simulated EVL listens, and its login.
struct NetworkOptions: ParsableArguments {
    private static let defaults = SimulatorConfiguration()

    @Option(help: "The address to listen on for TPI clients (default \(defaults.host)).")
    var host: String?

    @Option(help: "The TPI port; 0 picks a free port (default \(defaults.port)).")
    var port: Int?

    @Flag(help: "Allow --host to be an address other machines can reach.")
    var allowRemote = false

    @Option(help: "The TPI password, at most 6 characters (default \(defaults.password)).")
    var password: String?

    @Option(help: "Seconds a client has to log in (default \(defaults.loginTimeout)).")
    var loginTimeout: Double?

    @Option(help: "A control port on 127.0.0.1 (0 picks a free port); none unless given.")
    var controlPort: Int?

    @Option(help: "Seconds between the two writes after the split control command (default \(defaults.splitPause)).")
    var splitPause: Double?

    func apply(to configuration: inout SimulatorConfiguration) {
        configuration.host = host ?? configuration.host
        configuration.allowRemote = allowRemote
        configuration.port = port ?? configuration.port
        configuration.password = password ?? configuration.password
        configuration.loginTimeout = loginTimeout.map(Duration.seconds) ?? configuration.loginTimeout
        configuration.controlPort = controlPort
        configuration.splitPause = splitPause.map(Duration.seconds) ?? configuration.splitPause
    }
}
