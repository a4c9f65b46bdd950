import AlarmCore
import NIOHTTP1

/// A complete response of the metrics listener: status, content type and body. Every response
/// closes its connection.
struct MetricsReply: Sendable, Hashable {
    /// The Prometheus text exposition format's content type.
    static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"

    var status: HTTPResponseStatus
    var contentType: String
    var body: [UInt8]
    /// The `Allow` header, for 405.
    var allow: String?

    /// The reply to `route`: `health` and `exposition` are asked only when the route needs them.
    init(to route: MetricsRoute, health: () -> HealthReport, exposition: () -> [UInt8]) {
        switch route {
        case .health:
            let report = health()
            if let problem = report.problem {
                self = .json(.serviceUnavailable, [("status", "unavailable"), ("reason", problem)])
            } else {
                self = .json(.ok, [("status", "ok")])
            }
        case .metrics:
            self.init(status: .ok, contentType: Self.prometheusContentType, body: exposition())
        case .notFound:
            self = .json(.notFound, [("error", "not found: this listener serves GET /healthz and GET /metrics")])
        case .methodNotAllowed:
            self = .json(.methodNotAllowed, [("error", "method not allowed: only GET")])
            allow = "GET"
        case .bodyRefused:
            self = .json(.payloadTooLarge, [("error", "a request body is not accepted")])
        }
    }

    private init(status: HTTPResponseStatus, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A JSON object of string `members`, in their order.
    private static func json(_ status: HTTPResponseStatus, _ members: [(key: String, value: String)]) -> MetricsReply {
        var writer = JSONObjectWriter()
        for (key, value) in members {
            writer.write(key) { JSONObjectWriter.write(string: value, into: &$0) }
        }
        return MetricsReply(status: status, contentType: "application/json", body: writer.finish())
    }

    /// The response head, with `Content-Length` and `Connection: close`.
    var head: HTTPResponseHead {
        var headers = HTTPHeaders([
            ("Content-Type", contentType), ("Content-Length", String(body.count)), ("Connection", "close"),
        ])
        if let allow { headers.add(name: "Allow", value: allow) }
        return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    }
}
