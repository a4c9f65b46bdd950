#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// How a test server is started, and started again with the same options.
protocol ServerLaunch: Sendable {
    /// Starts the server and returns its process once the server is ready.
    func run() async throws(TestSupportError) -> ChildProcess
}

/// The process of a server a test started, and the launch that starts it again: what
/// ``BeanstalkdServer`` and ``MosquittoBroker`` share. The process is killed when this is
/// released.
public final class ServerProcess: Sendable {
    private let launch: any ServerLaunch
    private let process: Mutex<ChildProcess>

    init(launch: any ServerLaunch, process: ChildProcess) {
        self.launch = launch
        self.process = Mutex(process)
    }

    deinit {
        process.withLock { $0.kill() }
    }

    /// The server's process id.
    public var pid: Int32 { process.withLock { $0.pid } }

    /// Whether the server process is alive.
    public var isRunning: Bool { process.withLock { $0.isRunning } }

    /// What the server has written to stderr so far.
    public var standardError: String {
        String(decoding: process.withLock { $0.standardError }, as: UTF8.self)
    }

    /// Sends `signal` to the server (`SIGSTOP` freezes it with its connections open).
    public func signal(_ signal: Int32) {
        process.withLock { $0.signal(signal) }
    }

    /// Stops the server with `SIGTERM` and waits for it to exit (`SIGKILL` after 5 s).
    public func stop() async throws(TestSupportError) {
        let current = process.withLock { $0 }
        current.signal(SIGTERM)
        if (try? await current.waitForExit(timeout: .seconds(5))) == nil {
            try await kill()
        }
    }

    /// Kills the server with `SIGKILL` and waits for it to exit.
    public func kill() async throws(TestSupportError) {
        let current = process.withLock { $0 }
        current.kill()
        try await current.waitForExit(timeout: .seconds(5))
    }

    /// Starts the server again with the same launch (same port or socket, same files), stopping
    /// it first if it is running, and waits until it is ready.
    public func restart() async throws(TestSupportError) {
        if isRunning { try await stop() }
        let fresh = try await launch.run()
        process.withLock { $0 = fresh }
    }
}

/// A server a test started, controlled through its ``ServerProcess``.
public protocol TestServer: Sendable {
    /// The server's process.
    var serverProcess: ServerProcess { get }
}

extension TestServer {
    /// The server's process id.
    public var pid: Int32 { serverProcess.pid }
    /// Whether the server process is alive.
    public var isRunning: Bool { serverProcess.isRunning }
    /// What the server has written to stderr so far.
    public var standardError: String { serverProcess.standardError }
    /// Sends `signal` to the server, e.g. `SIGUSR1` to put beanstalkd in drain mode.
    public func signal(_ signal: Int32) { serverProcess.signal(signal) }
    /// Stops the server with `SIGTERM` (mosquitto saves its sessions) and waits for it to exit
    /// (`SIGKILL` after 5 s).
    public func stop() async throws(TestSupportError) { try await serverProcess.stop() }
    /// Kills the server with `SIGKILL` and waits for it to exit.
    public func kill() async throws(TestSupportError) { try await serverProcess.kill() }
    /// Starts the server again on the same port or socket with the same options and files (a
    /// binlog, persisted sessions), stopping it first if it is running; waits until it is ready.
    public func restart() async throws(TestSupportError) { try await serverProcess.restart() }
}
