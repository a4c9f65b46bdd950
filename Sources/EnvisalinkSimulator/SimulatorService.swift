public import ServiceLifecycle

/// Runs a simulator's servers (``SimulatorServer``) as a service: binds on start, closes
/// everything on graceful shutdown or cancellation.
public struct SimulatorService: Service {
    private let simulator: Simulator
    private let readsStandardInput: Bool
    private let onStarted: @Sendable (SimulatorServer) -> Void

    /// A service for `simulator`.
    /// - Parameters:
    ///   - readsStandardInput: also take control commands from standard input once listening,
    ///     replying on standard output; the end of standard input does not stop the service.
    ///   - onStarted: runs once the ports are bound, before standard input is read (to print the ports).
    public init(
        simulator: Simulator, readsStandardInput: Bool = false,
        onStarted: @escaping @Sendable (SimulatorServer) -> Void = { _ in }
    ) {
        self.simulator = simulator
        self.readsStandardInput = readsStandardInput
        self.onStarted = onStarted
    }

    /// Serves until graceful shutdown (or cancellation), then closes everything.
    public func run() async throws {
        let server = try await SimulatorServer.start(simulator: simulator)
        onStarted(server)
        await withDiscardingTaskGroup { group in
            if readsStandardInput {
                group.addTask { [simulator] in await StandardInputControl.serve(simulator) }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        await server.shutdown()
    }
}
