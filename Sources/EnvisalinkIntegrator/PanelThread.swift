public import NIOCore
import NIOPosix

/// The thread the panel link and the TPI proxy's connections share, for the life of the process.
///
/// A frame from the panel is written to every proxy client by the thread that read it, with no
/// hand-over to another thread per client, and nothing else the integrator does (publishing to
/// beanstalkd, consuming its commands: on NIO's shared loops and Swift's cooperative pool) waits
/// behind those writes. `bench/tpi_proxy.py` measures both (docs/performance.md, TPI proxy).
public enum PanelThread {
    /// The event loop of that one thread.
    public static let eventLoop: any EventLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1).next()
}
