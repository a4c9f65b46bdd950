public import AlarmCore
public import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
public import Prometheus
public import ServiceLifecycle

/// The small daemons' `/healthz` and Prometheus `/metrics`: a minimal HTTP/1 listener on the
/// process's NIO event loops, as a ServiceLifecycle service. GET only, no request bodies, one
/// request per connection.
///
/// `/healthz` answers 200 `{"status":"ok"}` while every queue consumer of the process consumes
/// (``ConsumerLiveness``), else 503 with the reason; `/metrics` shows the registry.
public struct MetricsServer: Service {
    /// How long a connection may be idle before it is closed.
    static let idleTimeout = TimeAmount.seconds(10)

    let configuration: MetricsConfig
    /// The registry `/metrics` shows.
    public let registry: PrometheusCollectorRegistry
    let liveness: ConsumerLiveness
    let logger: Logger

    /// A server on `configuration.address` showing `registry` and the health of `liveness`'s consumers.
    public init(
        configuration: MetricsConfig, registry: PrometheusCollectorRegistry, liveness: ConsumerLiveness = .shared,
        logger: Logger
    ) {
        self.configuration = configuration
        self.registry = registry
        self.liveness = liveness
        self.logger = logger
    }

    /// Listens until the graceful shutdown.
    ///
    /// - Throws: ``ConfigError`` naming the key that gave the address when it cannot be listened on.
    public func run() async throws {
        let address = configuration.address
        let reply: @Sendable (MetricsRoute) -> MetricsReply = { [registry, liveness] route in
            MetricsReply(to: route, health: { HealthReport(liveness) }) {
                var buffer: [UInt8] = []
                registry.emit(into: &buffer)
                return buffer
            }
        }
        let channel: any Channel
        do {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                            withPipeliningAssistance: false, withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandlers([
                            IdleStateHandler(allTimeout: Self.idleTimeout), MetricsHTTPHandler(reply: reply),
                        ])
                    }
                }
                .bind(host: address.host, port: address.port).get()
        } catch {
            throw ConfigError(keyPath: configuration.keyPath, reason: "cannot listen on \(address): \(error)")
        }
        logger.info("serving /healthz and /metrics", metadata: ["address": "\(address)"])
        try? await gracefulShutdown()
        try? await channel.close()
    }
}
