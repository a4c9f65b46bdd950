import Hummingbird
import NIOCore

/// `GET /metrics`: the Prometheus text exposition of this daemon's metrics.
struct MetricsHandler: Sendable {
    let metrics: CommandMetrics

    func handle(_ request: Request, context: APIRequestContext) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
