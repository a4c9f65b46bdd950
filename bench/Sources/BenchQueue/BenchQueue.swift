import ArgumentParser
import Beanstalk
import NIOCore
import NIOPosix

/// `bench-queue`: one queue-client measurement against a running beanstalkd, printed as a JSON
/// line (`bench/run.sh` runs it for each client and test, several times, and takes medians).
@main
struct BenchQueue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-queue",
        abstract: "Measure a beanstalkd client: HowAlarming's Beanstalk client or a raw-socket baseline.")

    @Option(help: "beanstalkd's port on 127.0.0.1.") var port: Int = 11300
    @Option(help: "swift (the Beanstalk library) or raw (blocking POSIX sockets, the server's ceiling).")
    var client: QueueClientKind = .swift
    @Option(help: "sequential, pipelined, reserve (reserve+delete) or parallel.") var test: QueueTest = .sequential
    @Option(help: "Operations to time.") var count: Int = 10_000
    @Option(help: "Connections for the parallel test.") var connections: Int = 4
    @Option(help: "Commands in flight at once for the pipelined test.") var window: Int = 100
    @Option(help: "Job body size in bytes.") var bodySize: Int = 200
    @Flag(help: "Run the Swift client's task on its connection's event loop (no thread hop per reply).")
    var onEventLoop = false

    func run() async throws {
        let workload = QueueWorkload(
            port: port, test: test, count: count, connections: connections, window: window,
            body: String(repeating: "x", count: bodySize))
        let result = switch client {
        case .swift where onEventLoop:
            // Every connection of the measurement is on this one loop (BenchLoop.group).
            try await withTaskExecutorPreference(EventLoopTaskExecutor(BenchLoop.loop)) {
                let result = try await SwiftQueueClient.measure(workload)
                // A measurement whose task left the loop would be the default executor's, mislabelled.
                guard BenchLoop.loop.inEventLoop else { throw ExecutorPreferenceLost() }
                return result
            }
        case .swift: try await SwiftQueueClient.measure(workload)
        case .raw: try RawQueueClient.measure(workload)
        }
        print(result.json(client: onEventLoop ? "swift-loop" : client.rawValue, test: test.rawValue))
    }
}

enum QueueClientKind: String, ExpressibleByArgument, CaseIterable {
    case swift, raw
}

enum QueueTest: String, ExpressibleByArgument, CaseIterable {
    case sequential, pipelined, reserve, parallel
}

/// What to measure: the test, how many operations, and the job body.
struct QueueWorkload: Sendable {
    let port: Int
    let test: QueueTest
    let count: Int
    let connections: Int
    let window: Int
    let body: String

    /// The tube each measurement uses (the reserve test drains what it filled).
    var tube: String { "bench-\(test.rawValue)" }
}

/// The one event loop the Swift client's connections use, so a task can be pinned to it.
enum BenchLoop {
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    static let loop = group.next()
}

/// The `--on-event-loop` task ran off its loop: the executor preference no longer holds.
struct ExecutorPreferenceLost: Error, CustomStringConvertible {
    var description: String { "the measurement's task did not resume on the connection's event loop" }
}
