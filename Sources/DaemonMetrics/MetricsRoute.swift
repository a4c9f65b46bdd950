import NIOHTTP1

/// What the metrics listener answers a request with, decided from its head alone.
enum MetricsRoute: Sendable, Hashable {
    /// `GET /healthz`.
    case health
    /// `GET /metrics`.
    case metrics
    /// Any other path.
    case notFound
    /// `/healthz` or `/metrics` with a method other than GET.
    case methodNotAllowed
    /// A request that says it has a body: none is read.
    case bodyRefused

    /// The route of a request: a body (`Content-Length` other than 0, or any
    /// `Transfer-Encoding`) is refused whatever the path; the query string is ignored.
    init(_ head: HTTPRequestHead) {
        let lengths = head.headers["content-length"]
        if !head.headers["transfer-encoding"].isEmpty || lengths.contains(where: { $0 != "0" }) {
            self = .bodyRefused
            return
        }
        let path = head.uri.prefix { $0 != "?" }
        let route: MetricsRoute
        switch path {
        case "/healthz": route = .health
        case "/metrics": route = .metrics
        default:
            self = .notFound
            return
        }
        self = head.method == .GET ? route : .methodNotAllowed
    }
}
