import AlarmCore
import AsyncHTTPClient
import Beanstalk
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TestSupport
import Testing

@testable import CommandAPI

/// A real beanstalkd, a database in a temporary directory and the command API's services running
/// in-process on a free loopback port, reached over real HTTP.
struct APIStage {
    let server: BeanstalkdServer
    let directory: TemporaryDirectory
    let configuration: HowAlarmingConfig
    let metrics: CommandMetrics
    let port: Int

    var databasePath: String { directory.appending("command.sqlite") }

    /// The configuration's YAML: events on tube `command`, commands on `commands`.
    static func configurationText(port: Int, directory: TemporaryDirectory, extra: String = "") -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(port)
          tubes: {commands: [commands], events: [command]}
        command:
          database: \(directory.appending("command.sqlite"))
        \(extra)
        """
    }

    /// Runs `body` with a fresh stage; `command` adds keys to the `command` section (indented).
    static func run<Result>(
        command extra: String = "", logger: Logger = quietLogger, isolation: isolated (any Actor)? = #isolation,
        _ body: (APIStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let text = configurationText(port: server.port, directory: directory, extra: extra)
                let configuration = try HowAlarmingConfig.parse(yaml: text, path: directory.appending("config.yaml"), environment: [:])
                return try await serve(configuration, server: server, directory: directory, logger: logger, body)
            }
        }
    }

    /// Runs the services for `configuration` while `body` runs, then shuts them down gracefully.
    static func serve<Result>(
        _ configuration: HowAlarmingConfig, server: BeanstalkdServer, directory: TemporaryDirectory,
        logger: Logger = quietLogger, isolation: isolated (any Actor)? = #isolation,
        _ body: (APIStage) async throws -> Result
    ) async throws -> Result {
        let metrics = CommandMetrics()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let services = try CommandAPIApp.services(
            configuration: configuration, metrics: metrics, logger: logger,
            listen: ListenAddress(host: "127.0.0.1", port: 0), onListening: { portContinuation.yield($0) })
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        let running = Task { try await group.run() }
        return try await TestSupport.running {
            guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }
            return try await body(APIStage(
                server: server, directory: directory, configuration: configuration, metrics: metrics, port: port))
        } then: {
            await group.triggerGracefulShutdown()
            _ = try? await running.value
        }
    }

    /// A new token with `scope`, stored in the stage's database.
    func token(_ scope: TokenScope, name: String = "phone-\(UUID().uuidString.prefix(8))") async throws -> String {
        try await TokenStore(database: CommandDatabase(path: databasePath)).create(name: name, scope: scope).value
    }

    /// Sends a request over HTTP and returns the answer.
    func request(
        _ method: HTTPVerb, _ path: String, token: String? = nil, json: String? = nil,
        contentType: String? = "application/json", headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .init(rawValue: method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .bytes(Array(json.utf8))
        }
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        return HTTPAnswer(
            status: Int(response.status.code),
            headers: Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: String(buffer: body))
    }

    /// Puts `body` on `tube` of the stage's beanstalkd.
    func put(_ body: String, on tube: String = "command") async throws {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
        try await connection.use(try TubeName(tube))
        _ = try await connection.put(body)
        await connection.close()
    }

    /// The next ready job on `tube`, deleted; `nil` when there is none. Does not wait: the API puts
    /// a job before it answers, and this client blocks its thread.
    func take(from tube: String) throws -> String? {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        _ = try client.command("watch \(tube)")
        let reply = try client.request("reserve-with-timeout 0")
        guard reply.line.hasPrefix("RESERVED"), let id = reply.line.split(separator: " ").dropFirst().first else { return nil }
        _ = try client.command("delete \(id)")
        return reply.bodyText
    }
}

/// The HTTP methods the tests send.
enum HTTPVerb: String {
    case GET, POST, PUT, DELETE
}

/// An HTTP answer: status, headers by lower-case name, body text.
struct HTTPAnswer: CustomStringConvertible {
    let status: Int
    let headers: [String: String]
    let body: String

    /// The body as a JSON object.
    var json: [String: Any] {
        get throws {
            try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "not a JSON object: \(body)")
        }
    }

    /// The `error` of a JSON error body.
    var error: String? { (try? json)?["error"] as? String }

    var description: String { "\(status) \(headers) \(body)" }
}

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// An event's JSON with a fresh id, from source `panel`.
func eventJSON(
    _ type: String, code: String, sequence: Int, partition: Int? = nil, zone: Int? = nil, id: UUID = UUID(),
    message: String = "", timestamp: Int = 1_700_000_000
) -> String {
    var fields = [
        #""type":"\#(type)""#, #""code":"\#(code)""#, #""message":"\#(message)""#, #""timestamp":\#(timestamp)"#,
        #""id":"\#(id.uuidString.lowercased())""#, #""source":"panel""#, #""sequence":\#(sequence)"#,
    ]
    if let partition { fields.append(#""partition":\#(partition)"#) }
    if let zone { fields.append(#""zone":\#(zone)"#) }
    return "{" + fields.joined(separator: ",") + "}"
}

/// Waits until `condition` holds, checking every 20 ms, or fails the test after `timeout`.
func waitUntil(
    _ description: String, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("timed out waiting for \(description)")
    throw CancellationError()
}
