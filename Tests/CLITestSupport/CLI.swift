import Foundation
package import TestSupport

/// The built `howalarming`, run against one test beanstalkd through a configuration file in
/// a temporary directory. Children never see the developer's `HOWALARMING_CONFIG` or
/// `HOWALARMING_LOG_LEVEL`.
package struct CLI: Sendable {
    /// The event tubes of the default test configuration: the CLI's tap (`cli`, a tap by
    /// default) and two consumers.
    package static let eventTubes = ["cli", "push", "log"]

    /// The server the configuration names.
    package let server: BeanstalkdServer
    /// The configuration file.
    package let configPath: String

    /// Writes a configuration naming `server` and these tubes into `directory`.
    package init(server: BeanstalkdServer, directory: TemporaryDirectory, events: [String], commands: [String]) throws {
        self.server = server
        configPath = directory.appending("config.yaml")
        let yaml = """
            beanstalkd:
              host: \(server.host)
              port: \(server.port)
              tubes:
                commands: [\(commands.joined(separator: ", "))]
                events: [\(events.joined(separator: ", "))]

            """
        try yaml.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// A probe into the server's tubes.
    package var queue: QueueProbe { QueueProbe(server: server) }

    /// Runs `howalarming ARGUMENTS --config FILE` to completion.
    package func run(_ arguments: String...) async throws -> ProcessResult {
        try await run(arguments: arguments)
    }

    /// Runs `howalarming ARGUMENTS --config FILE` to completion.
    package func run(arguments: [String]) async throws -> ProcessResult {
        try await Self.runUnconfigured(arguments + ["--config", configPath])
    }

    /// Starts `howalarming ARGUMENTS --config FILE` in the background.
    package func start(_ arguments: String...) throws -> ChildProcess {
        try start(arguments: arguments)
    }

    /// Starts `howalarming ARGUMENTS --config FILE` in the background.
    package func start(arguments: [String]) throws -> ChildProcess {
        try ProcessRunner.start(try Executables.path("howalarming"), arguments: arguments + ["--config", configPath],
                                environment: Self.environment)
    }

    /// Starts `howalarming tail ARGUMENTS` and waits until it watches the `cli` tap: events are
    /// put on a tap only while it is watched, so it gets every event published from then on.
    package func startTail(_ arguments: String...) async throws -> ChildProcess {
        let tail = try start(arguments: ["tail"] + arguments)
        try await waitUntilTapped()
        return tail
    }

    /// Waits until some client watches `tap`.
    package func waitUntilTapped(_ tap: String = "cli") async throws {
        try await waitUntil("a client watches tube \(tap)") { try queue.count("current-watching", in: tap) > 0 }
    }

    /// Runs `howalarming` with exactly `arguments` to completion.
    package static func runUnconfigured(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(try Executables.path("howalarming"), arguments: arguments, environment: environment)
    }

    /// Empty values count as unset: the child uses only what the test gives it.
    package static let environment = ["HOWALARMING_CONFIG": "", "HOWALARMING_LOG_LEVEL": ""]
}

/// Runs `body` with a fresh beanstalkd (keeping a binlog when `binlogged`, so it can restart
/// without losing jobs) and a ``CLI`` configured for it; stops the server afterwards.
package func withCLI<Result>(
    events: [String] = CLI.eventTubes,
    commands: [String] = ["commands"],
    binlogged: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CLI) async throws -> Result
) async throws -> Result {
    try await withTemporaryDirectory(prefix: "howalarming-cli") { directory in
        let withServer = { (server: BeanstalkdServer) in
            try await body(CLI(server: server, directory: directory, events: events, commands: commands))
        }
        return binlogged ? try await withBinloggedBeanstalkd(withServer) : try await withBeanstalkd(withServer)
    }
}
