import AlarmCore
import Beanstalk
import Foundation
import Logging
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// A real beanstalkd, mock APNs and FCM servers with their credentials on disk, and a
/// configuration for the push consumer pointing at all of them.
struct PushStage {
    let server: BeanstalkdServer
    let directory: TemporaryDirectory
    let providers: MockPushProviders
    static let topic = MockPushProviders.topic

    var apns: MockAPNSServer { providers.apns }
    var fcm: MockFCMServer { providers.fcm }
    var apnsKey: TestAPNSKey { providers.apnsKey }

    var databasePath: String { directory.appending("push.sqlite") }
    var configPath: String { directory.appending("config.yaml") }

    /// Runs `body` with everything started; stops the mocks and beanstalkd afterwards.
    static func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: (PushStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let providers = try await MockPushProviders.start(writingCredentialsTo: directory.path)
                let stage = PushStage(server: server, directory: directory, providers: providers)
                try stage.configurationText().write(toFile: stage.configPath, atomically: true, encoding: .utf8)
                return try await running { try await body(stage) } then: { await providers.stop() }
            }
        }
    }

    /// The YAML configuration; `extra` is appended (more top-level sections).
    func configurationText(extra: String = "") -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(server.port)
          tubes: {commands: [commands], events: [push]}
        push:
          database: \(databasePath)
          concurrency: 50
          request_timeout: 5
        \(providers.pushSectionYAML)
        \(extra)
        """
    }

    /// The parsed configuration.
    func configuration() throws -> HowAlarmingConfig {
        try HowAlarmingConfig.load(explicitPath: configPath, environment: [:])
    }

    /// A connection to the stage's beanstalkd using `tube`.
    func connection(using tube: String = "push") async throws -> BeanstalkConnection {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
        try await connection.use(try TubeName(tube))
        return connection
    }

    /// Puts `text` on `tube`.
    func put(_ text: String, on tube: String = "push") async throws {
        let connection = try await connection(using: tube)
        _ = try await connection.put(text)
        await connection.close()
    }

    /// beanstalkd's `stats`, or `stats-tube TUBE`.
    func stats(tube: String? = nil) throws -> [String: String] {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        return try client.stats(tube: tube)
    }

    /// The push reports waiting on `push-reports`; 0 before the tube exists.
    func readyReports() throws -> Int {
        try readyJobs(in: "push-reports")
    }

    /// The jobs ready on `tube`; 0 when it does not exist (yet, or any more: beanstalkd drops a
    /// tube nobody uses or watches once it is empty).
    func readyJobs(in tube: String) throws -> Int {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        return try client.statsIfExists(tube: tube)?["current-jobs-ready"].flatMap { Int($0) } ?? 0
    }

    /// Takes every push report waiting on `push-reports` (deleting them), in queue order, as
    /// JSON objects.
    func takeReports() throws -> [[String: Any]] {
        try take(from: "push-reports")
    }

    /// Takes every job waiting on `tube` (deleting them), in queue order, as JSON objects.
    func take(from tube: String) throws -> [[String: Any]] {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        _ = try client.command("watch \(tube)")
        _ = try client.command("ignore default")
        var reports: [[String: Any]] = []
        while true {
            let reply = try client.request("reserve-with-timeout 0")
            guard reply.line.hasPrefix("RESERVED "), let body = reply.body else { return reports }
            _ = try client.command("delete \(reply.line.split(separator: " ")[1])")
            let object = try JSONSerialization.jsonObject(with: Data(body))
            reports.append(try #require(object as? [String: Any]))
        }
    }

    /// A distinct APNs token for `index`.
    static func apnsToken(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    /// An alarm event's JSON with a fresh id.
    static func alarm(id: UUID = UUID(), type: String = "alarm", zone: Int = 1) -> String {
        """
        {"type":"\(type)","code":"601","message":"Zone alarm: Front door","timestamp":1700000000,\
        "id":"\(id.uuidString.lowercased())","source":"test","sequence":1,"partition":1,"zone":\(zone)}
        """
    }
}

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

extension Data {
    /// The bytes of unpadded base64url `text` (what the Python peers print).
    init?(base64URL text: String) {
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        self.init(base64Encoded: standard + String(repeating: "=", count: (4 - standard.count % 4) % 4))
    }
}
