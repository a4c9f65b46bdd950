import Beanstalk
import NIOCore

/// The measurements with HowAlarming's `Beanstalk` client.
enum SwiftQueueClient {
    static func measure(_ workload: QueueWorkload) async throws -> Measurement {
        let tube = try TubeName(workload.tube)
        let body = ByteBuffer(string: workload.body)
        let endpoint = BeanstalkEndpoint.tcp(host: "127.0.0.1", port: workload.port)
        switch workload.test {
        case .sequential:
            return try await withConnection(endpoint, using: tube) { connection in
                try await sequentialPuts(on: connection, body: body, count: workload.count)
            }
        case .pipelined:
            return try await withConnection(endpoint, using: tube) { connection in
                try await pipelinedPuts(on: connection, body: body, count: workload.count, window: workload.window)
            }
        case .reserve:
            return try await withConnection(endpoint, using: tube) { connection in
                try await reserveAndDelete(on: connection, tube: tube, body: body, workload: workload)
            }
        case .parallel:
            let share = workload.count / workload.connections
            var connections: [BeanstalkConnection] = []
            for _ in 0..<workload.connections { connections.append(try await connect(endpoint, using: tube)) }
            let clock = Stopwatch()
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for connection in connections {
                    group.addTask { try await sequentialPuts(on: connection, body: body, count: share).latencies }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let seconds = clock.seconds
            for connection in connections { await connection.close() }
            return Measurement(operations: share * workload.connections, seconds: seconds, latencies: latencies)
        }
    }

    private static func connect(_ endpoint: BeanstalkEndpoint, using tube: TubeName) async throws -> BeanstalkConnection {
        let connection = try await BeanstalkConnection.connect(to: endpoint, eventLoopGroup: BenchLoop.group)
        try await connection.use(tube)
        return connection
    }

    /// Runs `body` with a connection using `tube`, closed afterwards.
    private static func withConnection(
        _ endpoint: BeanstalkEndpoint, using tube: TubeName, _ body: (BeanstalkConnection) async throws -> Measurement
    ) async throws -> Measurement {
        let connection = try await connect(endpoint, using: tube)
        do {
            let measurement = try await body(connection)
            await connection.close()
            return measurement
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Fills `tube` (untimed), then reserves and deletes every job, one at a time.
    private static func reserveAndDelete(
        on connection: BeanstalkConnection, tube: TubeName, body: ByteBuffer, workload: QueueWorkload
    ) async throws -> Measurement {
        _ = try await pipelinedPuts(on: connection, body: body, count: workload.count, window: workload.window)
        _ = try await connection.watch(tube)
        _ = try await connection.ignore(try TubeName("default"))
        var latencies: [Double] = []
        latencies.reserveCapacity(workload.count)
        let clock = Stopwatch()
        for _ in 0..<workload.count {
            let started = clock.microseconds
            let job = try await connection.reserve()
            try await connection.delete(job.id)
            latencies.append(clock.microseconds - started)
        }
        return Measurement(operations: workload.count, seconds: clock.seconds, latencies: latencies)
    }

    /// One put at a time, each waiting for its `INSERTED`.
    private static func sequentialPuts(on connection: BeanstalkConnection, body: ByteBuffer, count: Int) async throws -> Measurement {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        let clock = Stopwatch()
        for _ in 0..<count {
            let started = clock.microseconds
            _ = try await connection.put(body)
            latencies.append(clock.microseconds - started)
        }
        return Measurement(operations: count, seconds: clock.seconds, latencies: latencies)
    }

    /// `window` puts in flight at once on one connection, pipelined by the client.
    private static func pipelinedPuts(
        on connection: BeanstalkConnection, body: ByteBuffer, count: Int, window: Int
    ) async throws -> Measurement {
        let clock = Stopwatch()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                if index >= window { try await group.next() }
                group.addTask { _ = try await connection.put(body) }
            }
            try await group.waitForAll()
        }
        return Measurement(operations: count, seconds: clock.seconds, latencies: [])
    }
}
