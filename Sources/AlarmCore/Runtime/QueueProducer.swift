public import Beanstalk
public import Logging
public import NIOCore
public import ServiceLifecycle

/// A connection for putting jobs on beanstalkd (the command API's commands and device
/// registrations, the MQTT bridge's commands), for health checks, and for seeing which tubes have
/// watchers (which daemons run). Connects on first use and again after the connection is lost.
///
/// A failed put is reported, never retried: once its bytes have left, beanstalkd may hold the job.
/// As a service it only waits for shutdown, then closes the connection; list it before the
/// services that put, so that it stops after them.
public actor QueueProducer: Service {
    let endpoint: BeanstalkEndpoint
    let configuration: BeanstalkConfiguration
    let logger: Logger
    private var connection: BeanstalkConnection?
    private var connecting: Task<BeanstalkConnection, any Error>?

    /// A producer for `endpoint`; the default timeouts are short (connect 3 s, command 5 s), since
    /// an HTTP client is waiting.
    public init(
        endpoint: BeanstalkEndpoint,
        configuration: BeanstalkConfiguration = BeanstalkConfiguration(
            connectTimeout: .seconds(3), commandTimeout: .seconds(5)),
        logger: Logger
    ) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.logger = logger
    }

    /// Puts `body` on each of `tubes` in one round trip; see ``BeanstalkConnection/put(_:inEach:priority:delay:ttr:)``.
    public func put(_ body: ByteBuffer, inEach tubes: [TubeName]) async throws -> [JobID] {
        let connection = try await connected()
        do {
            return try await connection.put(body, inEach: tubes)
        } catch {
            forget(connection)
            throw error
        }
    }

    /// Whether beanstalkd answers a command now.
    public func isReachable() async -> Bool {
        do {
            let connection = try await connected()
            do {
                _ = try await connection.listTubeUsed()
                return true
            } catch {
                forget(connection)
                return false
            }
        } catch {
            return false
        }
    }

    /// How many connections watch each of `tubes` (0 for a tube beanstalkd does not have), or
    /// `nil` when beanstalkd does not answer.
    public func watcherCounts(of tubes: [TubeName]) async -> [UInt64]? {
        await stats(of: tubes)?.map { $0?.currentWatching ?? 0 }
    }

    /// The counters of each of `tubes` (`nil` for a tube beanstalkd does not have), or `nil` when
    /// beanstalkd does not answer.
    public func stats(of tubes: [TubeName]) async -> [TubeStats?]? {
        guard let connection = try? await connected() else { return nil }
        do {
            var stats: [TubeStats?] = []
            for tube in tubes { stats.append(try await connection.statsTube(tube)) }
            return stats
        } catch {
            forget(connection)
            return nil
        }
    }

    /// Waits for shutdown, then closes the connection.
    public func run() async throws {
        try? await gracefulShutdown()
        await connection?.close()
        connection = nil
    }

    private func connected() async throws -> BeanstalkConnection {
        if let connection, connection.isActive { return connection }
        if let connecting { return try await connecting.value }
        let task = Task { [endpoint, configuration, logger] in
            try await BeanstalkConnection.connect(to: endpoint, configuration: configuration, logger: logger)
        }
        connecting = task
        defer { connecting = nil }
        let connection = try await task.value
        self.connection = connection
        return connection
    }

    private func forget(_ failed: BeanstalkConnection) {
        if !failed.isActive, connection === failed { connection = nil }
    }
}
