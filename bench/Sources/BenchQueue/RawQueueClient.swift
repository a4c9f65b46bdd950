#if canImport(Glibc)
import Glibc
#endif

/// The baseline: blocking POSIX sockets, hand-built commands, replies read with the least work
/// that still checks them. What a client cannot beat on this server: the ceiling.
enum RawQueueClient {
    static func measure(_ workload: QueueWorkload) throws -> Measurement {
        let put = Array("put 1024 0 60 \(workload.body.utf8.count)\r\n\(workload.body)\r\n".utf8)
        switch workload.test {
        case .sequential:
            let socket = try RawSocket(port: workload.port, using: workload.tube)
            defer { socket.close() }
            return try sequential(put, on: socket, count: workload.count)
        case .pipelined:
            let socket = try RawSocket(port: workload.port, using: workload.tube)
            defer { socket.close() }
            return try pipelined(put, on: socket, count: workload.count, window: workload.window)
        case .reserve:
            let socket = try RawSocket(port: workload.port, using: workload.tube)
            defer { socket.close() }
            _ = try pipelined(put, on: socket, count: workload.count, window: workload.window)
            try socket.command("watch \(workload.tube)\r\n")
            try socket.command("ignore default\r\n")
            var latencies: [Double] = []
            latencies.reserveCapacity(workload.count)
            let clock = Stopwatch()
            for _ in 0..<workload.count {
                let started = clock.microseconds
                let reserved = try socket.command("reserve\r\n", bodyFollows: true)
                let id = reserved.split(separator: " ")[1]
                try socket.command("delete \(id)\r\n")
                latencies.append(clock.microseconds - started)
            }
            return Measurement(operations: workload.count, seconds: clock.seconds, latencies: latencies)
        case .parallel:
            // One thread per connection, as a blocking client would be used.
            let share = workload.count / workload.connections
            let sockets = try (0..<workload.connections).map { _ in try RawSocket(port: workload.port, using: workload.tube) }
            defer { sockets.forEach { $0.close() } }
            let clock = Stopwatch()
            let results = ThreadedRuns.run(sockets.map { socket in { try sequential(put, on: socket, count: share) } })
            let seconds = clock.seconds
            let latencies = try results.flatMap { try $0.get().latencies }
            return Measurement(operations: share * workload.connections, seconds: seconds, latencies: latencies)
        }
    }

    private static func sequential(_ put: [UInt8], on socket: RawSocket, count: Int) throws -> Measurement {
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        let clock = Stopwatch()
        for _ in 0..<count {
            let started = clock.microseconds
            try socket.send(put)
            try socket.expectLine(prefix: "INSERTED")
            latencies.append(clock.microseconds - started)
        }
        return Measurement(operations: count, seconds: clock.seconds, latencies: latencies)
    }

    /// Up to `window` puts in flight, written in one batch whenever half the window is free.
    private static func pipelined(_ put: [UInt8], on socket: RawSocket, count: Int, window: Int) throws -> Measurement {
        let clock = Stopwatch()
        var sent = 0
        var answered = 0
        while answered < count {
            if sent < count, sent - answered <= window / 2 {
                var batch: [UInt8] = []
                while sent < count, sent - answered < window {
                    batch += put
                    sent += 1
                }
                try socket.send(batch)
            }
            try socket.expectLine(prefix: "INSERTED")
            answered += 1
        }
        return Measurement(operations: count, seconds: clock.seconds, latencies: [])
    }
}
