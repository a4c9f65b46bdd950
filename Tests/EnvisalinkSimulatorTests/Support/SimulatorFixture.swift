import EnvisalinkSimulator
import Logging
import TestSupport

/// A simulator running in-process on a free loopback port, with short delays and captured logs.
struct SimulatorFixture {
    let server: SimulatorServer
    let logs: RecordedLogs

    /// The test configuration: free ports, 0.2 s exit and entry delays, 4 zones, a 60-s login
    /// window (a loaded machine once took longer than the panel's 10 s between a test's connect and
    /// its login). Tests of the login timeout shorten its window themselves (see ``shortLoginWindow(_:)``).
    static func configuration(_ adjust: (inout SimulatorConfiguration) -> Void = { _ in }) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration()
        configuration.port = 0
        configuration.controlPort = 0
        configuration.exitDelay = .milliseconds(200)
        configuration.entryDelay = .milliseconds(200)
        // Long enough for a reader on a loaded machine to see the two writes of a split frame apart.
        configuration.splitPause = .seconds(1)
        configuration.loginTimeout = .seconds(60)
        configuration.zones = SimulatorConfiguration.numberedZones(4)
        adjust(&configuration)
        return configuration
    }

    /// A 0.5 s login window, for the tests that wait for it to pass.
    static func shortLoginWindow(_ configuration: inout SimulatorConfiguration) {
        configuration.loginTimeout = .milliseconds(500)
    }

    /// Runs `body` against a fresh simulator and shuts it down afterwards, even when `body` throws.
    static func with<Result>(
        _ adjust: (inout SimulatorConfiguration) -> Void = { _ in },
        _ body: (SimulatorFixture) async throws -> Result
    ) async throws -> Result {
        let logs = RecordedLogs()
        let server = try await SimulatorServer.start(configuration: configuration(adjust), logger: logs.logger)
        let fixture = SimulatorFixture(server: server, logs: logs)
        do {
            let result = try await body(fixture)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    /// A new raw client on the TPI port.
    func connect() async throws -> RawTPIClient {
        try await RawTPIClient.connect(port: server.port)
    }

    /// A new client, logged in.
    func loggedInClient() async throws -> RawTPIClient {
        let client = try await connect()
        try await client.login()
        return client
    }

    /// Waits until the `status` reply contains `text`, for up to 5 s.
    func waitForStatus(containing text: String) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !control("status").contains(text) {
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(5))) != nil else { return false }
        }
        return true
    }

    /// Runs a control command and returns its reply.
    func control(_ line: String) async -> String {
        await server.control(line)
    }
}
