public import ServiceLifecycle

/// Runs a simulator's servers (``SimulatorServer``) as a service: binds on start, closes
/// everything on graceful shutdown or cancellation.
public struct SimulatorService: Service {
    private let simulator: Simulator
    private let onStarted: @Sendable (SimulatorServer) -> Void

    /// A service for `simulator`; `onStarted` runs once its ports are bound (to print them, say).
    public init(simulator: Simulator, onStarted: @escaping @Sendable (SimulatorServer) -> Void = { _ in }) {
        self.simulator = simulator
        self.onStarted = onStarted
    }

    public func run() async throws {
        let server = try await SimulatorServer.start(simulator: simulator)
        onStarted(server)
        try? await gracefulShutdown()
        await server.shutdown()
    }
}
