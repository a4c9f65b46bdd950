import AlarmCore
import Beanstalk
import Foundation
import NIOCore
import Synchronization
import TestSupport

/// A real beanstalkd, a temporary directory and a configuration for the log consumer.
struct LogStage {
    static let tube = "log"

    let server: BeanstalkdServer
    let directory: TemporaryDirectory

    var configPath: String { directory.appending("config.yaml") }

    /// Runs `body` with a fresh beanstalkd (binlogged, so that it can be restarted) and directory.
    static func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: (LogStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory(prefix: "log-consumer") { directory in
            try await withBeanstalkd { server in
                try await body(LogStage(server: server, directory: directory))
            }
        }
    }

    /// Writes the configuration with these `log` keys (`file` defaults to `events.jsonl` in the directory).
    @discardableResult
    func writeConfiguration(_ log: [String: String] = [:]) throws -> String {
        let keys = ["file": directory.appending("events.jsonl")].merging(log) { $1 }
        let lines = keys.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
        let yaml = """
            beanstalkd:
              host: \(server.host)
              port: \(server.port)
              tubes: {events: [\(Self.tube)]}
            log:
            \(lines)

            """
        try yaml.write(toFile: configPath, atomically: true, encoding: .utf8)
        return configPath
    }

    /// The parsed configuration.
    func configuration() throws -> HowAlarmingConfig {
        try HowAlarmingConfig.load(explicitPath: configPath, environment: [:])
    }

    /// Puts each body on the log tube; returns their job ids.
    @discardableResult
    func put(_ bodies: [String]) async throws -> [JobID] {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
        try await connection.use(try TubeName(Self.tube))
        var ids: [JobID] = []
        for body in bodies { ids.append(try await connection.put(ByteBuffer(string: body))) }
        await connection.close()
        return ids
    }

    /// Puts each event's canonical JSON on the log tube.
    @discardableResult
    func put(_ events: [AlarmEvent]) async throws -> [JobID] {
        try await put(events.map { $0.jsonString() })
    }

    /// A `stats-tube log` counter, such as `current-jobs-buried`; 0 before the tube exists.
    func count(_ key: String) throws -> Int {
        let reply = try RawBeanstalkClient(server).request("stats-tube \(Self.tube)")
        guard let text = reply.bodyText else { return 0 }
        let line = text.split(separator: "\n").first { $0.hasPrefix("\(key): ") }
        return line.flatMap { Int($0.dropFirst(key.count + 2)) } ?? 0
    }

    /// Whether every job put on the tube has been deleted (none ready, reserved, delayed or buried).
    func isDrained(expectingTotal total: Int) throws -> Bool {
        let states = ["current-jobs-ready", "current-jobs-reserved", "current-jobs-delayed", "current-jobs-buried"]
        return try count("total-jobs") == total && states.allSatisfy { try count($0) == 0 }
    }

    /// How often job `id` has been released, or `nil` once it is gone.
    func releases(of id: JobID) throws -> Int? {
        let reply = try RawBeanstalkClient(server).request("stats-job \(id)")
        guard let text = reply.bodyText else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("releases: ") }
        return line.flatMap { Int($0.dropFirst("releases: ".count)) }
    }
}

/// The summary lines a consumer printed, in order.
final class PrintedLines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    @Sendable func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}
