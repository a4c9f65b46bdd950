public import AlarmCore
import EnvisalinkTPI
public import Logging
public import NIOCore
import NIOPosix
public import ServiceLifecycle

/// The TPI proxy: listens where `envisalinkd.proxy.listen` says, serves each connection the EVL's
/// side of the TPI through the ``hub`` (a ``ProxyConnectionHandler`` per connection), and publishes
/// the audit events of clients' commands.
///
/// The integrator feeds ``hub`` what its panel link reports (up, down, the panel's frames, code
/// requests) and carries out the clients' commands on its own session.
public struct TPIProxyService: Service {
    /// The longest line a client may send, as on the EVL (a longer one gets `502002`).
    static let maximumLineLength = 256

    /// Where clients meet the panel.
    public let hub: ProxyHub
    private let configuration: TPIProxyConfig
    private let publish: @Sendable (AlarmEvent) async -> Void
    private let logger: Logger
    private let eventLoop: any EventLoop

    /// A proxy for `configuration`'s clients of a panel with `partitionCount` partitions; their
    /// commands go to `upstream`, the audit events to `publish`. Its connections run on
    /// `eventLoop`: the panel link's, so that the link's thread writes the panel's frames to them
    /// itself, with no hand-over to another thread per client.
    public init(
        configuration: TPIProxyConfig, partitionCount: Int, upstream: any ProxyUpstream,
        publish: @escaping @Sendable (AlarmEvent) async -> Void, eventLoop: any EventLoop, logger: Logger
    ) {
        self.eventLoop = eventLoop
        self.hub = ProxyHub(clients: configuration.clients, partitionCount: partitionCount, upstream: upstream, logger: logger)
        self.configuration = configuration
        self.publish = publish
        self.logger = logger
    }

    public func run() async throws {
        let server = try await bind()
        logger.info("tpi proxy listening", metadata: [
            "address": "\(configuration.listen)", "clients": "\(configuration.clients.map(\.name).joined(separator: ","))",
        ])
        await withDiscardingTaskGroup { group in
            group.addTask { [hub, publish] in
                for await event in hub.audit { await publish(event) }
            }
            group.addTask { [hub] in
                await withGracefulShutdownHandler {
                    await withTaskCancellationHandler {
                        try? await server.closeFuture.get()
                    } onCancel: {
                        server.close(promise: nil)
                        hub.shutDown()
                    }
                } onGracefulShutdown: {
                    server.close(promise: nil)
                    hub.shutDown()
                }
                // No client is let in any more: the audit of what they sent is published, then it ends.
                hub.finishAudit()
            }
        }
    }

    private func bind() async throws -> any Channel {
        do {
            return try await ServerBootstrap(group: eventLoop)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { [hub] channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandlers([
                            ByteToMessageHandler(LineSplitter(maximumLength: Self.maximumLineLength)),
                            ProxyConnectionHandler(hub: hub),
                        ])
                    }
                }
                .bind(host: configuration.listen.host, port: configuration.listen.port).get()
        } catch {
            throw ConfigError(
                keyPath: "envisalinkd.proxy.listen", reason: "cannot listen on \(configuration.listen): \(error)")
        }
    }
}
