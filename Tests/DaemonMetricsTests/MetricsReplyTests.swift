import AlarmCore
@testable import DaemonMetrics
import NIOHTTP1
import Testing

/// What the listener answers each route with, and what `/healthz` makes of the consumers.
@Suite struct MetricsReplyTests {
    private func reply(_ route: MetricsRoute, liveness: ConsumerLiveness = ConsumerLiveness()) -> MetricsReply {
        MetricsReply(to: route, health: { HealthReport(liveness) }, exposition: { Array("up 1\n".utf8) })
    }

    private func text(_ reply: MetricsReply) -> String { String(decoding: reply.body, as: UTF8.self) }

    @Test func healthIsOKOnlyWhileEveryConsumerConsumes() {
        let liveness = ConsumerLiveness()
        let starting = reply(.health, liveness: liveness)
        #expect(starting.status == .serviceUnavailable)
        #expect(starting.contentType == "application/json")
        #expect(text(starting) == #"{"status":"unavailable","reason":"not consuming: no queue consumer runs yet, or beanstalkd has not answered one"}"#)

        let first = liveness.register()
        let second = liveness.register()
        first.consuming()
        #expect(reply(.health, liveness: liveness).status == .serviceUnavailable, "one of two consumes")
        second.consuming()
        let healthy = reply(.health, liveness: liveness)
        #expect(healthy.status == .ok)
        #expect(text(healthy) == #"{"status":"ok"}"#)
        second.end()
        #expect(reply(.health, liveness: liveness).status == .ok)
    }

    @Test func aConsumerThatStoppedTurningIsUnhealthy() {
        let liveness = ConsumerLiveness()
        liveness.register().consuming()
        let later = ContinuousClock.now + HealthReport.staleAfter + .seconds(1)
        let report = HealthReport(liveness, now: later)
        #expect(report.problem == "a queue consumer has not turned for 20 s: beanstalkd unreachable, or the daemon hung")
        #expect(HealthReport(liveness).problem == nil)
    }

    @Test func metricsAreThePrometheusText() {
        let metrics = reply(.metrics)
        #expect(metrics.status == .ok)
        #expect(metrics.contentType == "text/plain; version=0.0.4; charset=utf-8")
        #expect(text(metrics) == "up 1\n")
    }

    @Test func errorsAreJSONAndTheHeadClosesTheConnection() {
        let notFound = reply(.notFound)
        #expect(notFound.status == .notFound)
        #expect(text(notFound) == #"{"error":"not found: this listener serves GET /healthz and GET /metrics"}"#)
        let notAllowed = reply(.methodNotAllowed)
        #expect(notAllowed.status == .methodNotAllowed)
        #expect(notAllowed.head.headers["Allow"] == ["GET"])
        let refused = reply(.bodyRefused)
        #expect(refused.status == .payloadTooLarge)
        #expect(text(refused) == #"{"error":"a request body is not accepted"}"#)
        #expect(refused.head.headers["Connection"] == ["close"])
        #expect(refused.head.headers["Content-Length"] == [String(refused.body.count)])
        #expect(refused.head.headers["Content-Type"] == ["application/json"])
    }
}
