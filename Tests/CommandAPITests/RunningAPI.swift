import AsyncHTTPClient
import Beanstalk
import Foundation
import TestSupport
import Testing

/// An API listening on `port` of 127.0.0.1, with its beanstalkd: in-process (``APIStage``) or a
/// daemon process (``DaemonAPI``).
protocol RunningAPI {
    var port: Int { get }
    var server: BeanstalkdServer { get }
}

extension RunningAPI {
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

/// The API of a `howalarming-command` process.
struct DaemonAPI: RunningAPI {
    let port: Int
    let server: BeanstalkdServer
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
