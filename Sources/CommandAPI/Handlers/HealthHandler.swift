import AlarmCore
import Hummingbird

/// `GET /healthz`, without authentication: whether the daemon runs and reaches beanstalkd.
struct HealthHandler: Sendable {
    let producer: QueueProducer

    private struct Health: Encodable {
        let status: String
        let beanstalkd: String
    }

    func handle(_ request: Request, context: APIRequestContext) async -> Response {
        if await producer.isReachable() {
            return JSONResponse.make(Health(status: "ok", beanstalkd: "up"))
        }
        return JSONResponse.make(Health(status: "unavailable", beanstalkd: "down"), status: .serviceUnavailable)
    }
}
