import AsyncHTTPClient
import Beanstalk
import Foundation
import NIOCore
import NIOHTTP1
package import TestSupport
import Testing

/// An API listening on `port` of 127.0.0.1, with its beanstalkd: in-process (``APIStage``) or a
/// daemon process (``DaemonAPI``).
package protocol RunningAPI {
    var port: Int { get }
    var server: BeanstalkdServer { get }
}

extension RunningAPI {
    /// Sends a request over HTTP and returns the answer; a `chunked` body is sent without
    /// `Content-Length`.
    package func request(
        _ method: HTTPVerb, _ path: String, token: String? = nil, json: String? = nil,
        contentType: String? = "application/json", chunked: Bool = false, headers: [(String, String)] = []
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .init(rawValue: method.rawValue)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .bytes(Array(json.utf8), length: chunked ? .unknown : .known(Int64(json.utf8.count)))
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
    package func put(_ body: String, on tube: String = "command") async throws {
        let connection = try await BeanstalkConnection.connect(to: .tcp(host: server.host, port: server.port))
        try await connection.use(try TubeName(tube))
        _ = try await connection.put(body)
        await connection.close()
    }

    /// The next ready job on `tube`, deleted; `nil` when there is none. Does not wait: the API puts
    /// a job before it answers, and this client blocks its thread.
    package func take(from tube: String) throws -> String? {
        let client = try RawBeanstalkClient(server)
        defer { client.close() }
        _ = try client.command("watch \(tube)")
        let reply = try client.request("reserve-with-timeout 0")
        guard reply.line.hasPrefix("RESERVED"), let id = reply.line.split(separator: " ").dropFirst().first else { return nil }
        _ = try client.command("delete \(id)")
        return reply.bodyText
    }
}

/// The API of a `howalarming-command` process.
package struct DaemonAPI: RunningAPI {
    package var port: Int
    package let server: BeanstalkdServer
    /// A token with the control scope and one with the read scope, made before the start.
    package var controlToken = ""
    package var readToken = ""

    /// The API of a daemon already listening on `port` of 127.0.0.1, with its beanstalkd.
    package init(port: Int, server: BeanstalkdServer) {
        self.port = port
        self.server = server
    }

    /// Settings under which thousands of failed authentications from loopback do not end in
    /// throttling (429), for tests that fail on purpose.
    package static let unthrottled = "  auth_failure_limit: 1000\n  auth_failure_window: 1"

    /// Runs `body` with a beanstalkd and a `howalarming-command` process started on a free port;
    /// `settings` adds keys to the `command` section (indented by two spaces; by default
    /// ``unthrottled``). Stops the daemon
    /// with SIGTERM afterwards and expects it to exit cleanly. Tests whose clients block their
    /// thread use the process, so that they cannot starve an in-process server.
    package static func run(settings: String = unthrottled, _ body: (DaemonAPI) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configPath = directory.appending("config.yaml")
                let executable = try Executables.path("howalarming-command")
                try APIStage.configurationText(port: server.port, directory: directory, extra: settings)
                    .write(toFile: configPath, atomically: true, encoding: .utf8)
                var api = DaemonAPI(port: 0, server: server)
                api.controlToken = try await createToken(executable, configPath, scope: "control")
                api.readToken = try await createToken(executable, configPath, scope: "read")
                let (daemon, port) = try await startListening(executable, configPath: configPath, directory: directory, settings: settings, server: server)
                api.port = port
                try await running {
                    try await body(api)
                } then: {
                    daemon.signal(SIGTERM)
                    let status = try? await daemon.waitForExit(timeout: .seconds(10))
                    #expect(status == .exited(0), "\(daemon.report)")
                }
            }
        }
    }

    /// Starts the daemon on a free port; tries another when a test running beside it took the
    /// port first.
    private static func startListening(
        _ executable: String, configPath: String, directory: TemporaryDirectory, settings: String, server: BeanstalkdServer
    ) async throws -> (ChildProcess, Int) {
        for attempt in 1...5 {
            let port = try RawHTTP.freePort()
            try (APIStage.configurationText(port: server.port, directory: directory, extra: settings) + "\n  listen: 127.0.0.1:\(port)\n")
                .write(toFile: configPath, atomically: true, encoding: .utf8)
            let daemon = try ProcessRunner.start("/bin/sh", arguments: ["-c", "exec \"$0\" --config \"$1\" 2>&1", executable, configPath])
            do {
                _ = try await daemon.awaitLine(containing: "http api listening", timeout: .seconds(20))
                return (daemon, port)
            } catch {
                guard attempt < 5, daemon.lines.contains(where: { $0.contains("Address already in use") }) else { throw error }
            }
        }
        throw TestSupportError(.exitedEarly, "howalarming-command found no free port")
    }

    private static func createToken(_ executable: String, _ configPath: String, scope: String) async throws -> String {
        let created = try await ProcessRunner.run(
            executable, arguments: ["tokens", "create", "--config", configPath, "--name", scope, "--scope", scope])
        return try #require(created.stdout.split(separator: "\n").last.map(String.init), "\(created.stderr)")
    }
}

/// The HTTP methods the tests send.
package enum HTTPVerb: String {
    case GET, POST, PUT, PATCH, DELETE
}

/// An HTTP answer: status, headers by lower-case name, body text.
package struct HTTPAnswer: CustomStringConvertible {
    package let status: Int
    package let headers: [String: String]
    package let body: String

    /// The body as a JSON object.
    package var json: [String: Any] {
        get throws {
            try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "not a JSON object: \(body)")
        }
    }

    /// The `error` of a JSON error body.
    package var error: String? { (try? json)?["error"] as? String }

    package var description: String { "\(status) \(headers) \(body)" }
}
