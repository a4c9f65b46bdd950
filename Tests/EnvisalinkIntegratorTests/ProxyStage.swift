import AlarmCore
import EnvisalinkSimulator
import TPIProxy
import TestSupport
import Testing

/// The integrator with its TPI proxy on, against the simulated panel, and its three clients.
enum ProxyStage {
    static let homeAssistant = TPIProxyClientConfig(name: "homeassistant", password: Secret("Ha4Z9k"), permission: .control)
    static let alarmServer = TPIProxyClientConfig(name: "alarmserver", password: Secret("As8Q2m"), permission: .control)
    static let viewer = TPIProxyClientConfig(name: "viewer", password: Secret("Vw3P7x"), connections: 3)
    static let passwords = [homeAssistant, alarmServer, viewer].map(\.password.value)

    /// Runs `body` with the integrator logged in to the panel, its status dump through (a client
    /// logged in earlier hears the dump too, as the panel sends it), and its proxy on a free port.
    static func run(
        configurePanel: (inout SimulatorConfiguration) -> Void = { _ in },
        configure: (inout HowAlarmingConfig) -> Void = { _ in },
        _ body: (IntegratorHarness, Int) async throws -> Void
    ) async throws {
        let port = try RawHTTP.freePort()
        try await IntegratorHarness.run(configurePanel: configurePanel, configure: { configuration in
            configuration.envisalink?.proxy = TPIProxyConfig(
                listen: ListenAddress(host: "127.0.0.1", port: port),
                clients: [Self.homeAssistant, Self.alarmServer, Self.viewer])
            configure(&configuration)
        }) { harness in
            try await harness.waitForLogin()
            _ = try await harness.events(until: "the status dump") { $0.code == "510" }
            try await body(harness, port)
        }
    }

    /// A client logged in as `client`; connects again while nothing listens yet or the proxy
    /// still refuses (it lets clients in once the integrator's own login is through).
    static func loggedIn(_ client: TPIProxyClientConfig, port: Int) async throws -> TPITestClient {
        var accepted: TPITestClient?
        try await waitUntil("the proxy to let \(client.name) in", timeout: .seconds(10)) {
            guard let connection = try? await TPITestClient.connect(port: port) else { return false }
            guard try await connection.next() == "5053" else {
                await connection.close()
                return false
            }
            accepted = connection
            return true
        }
        let connection = try #require(accepted)
        try await connection.send("005" + client.password.value)
        let answers = [try await connection.next(), try await connection.next()]
        #expect(answers == ["500005", "5051"], "\(client.name) should log in")
        return connection
    }
}
