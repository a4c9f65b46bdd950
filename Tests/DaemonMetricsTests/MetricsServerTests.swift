import AlarmCore
import CoreMetrics
import DaemonMetrics
import Logging
import Prometheus
import Testing
import TestSupport

/// The listener in process, over a real socket: what a scraper and a health check see, what it
/// refuses, and a port it cannot take.
@Suite struct MetricsServerTests {
    /// Runs a server on a free loopback port with its own registry and consumers, until `body` returns.
    private func withServer(
        _ body: (_ port: Int, _ registry: PrometheusCollectorRegistry, _ liveness: ConsumerLiveness) async throws -> Void
    ) async throws {
        let port = try RawHTTP.freePort()
        let registry = PrometheusCollectorRegistry()
        let liveness = ConsumerLiveness()
        let server = MetricsServer(
            configuration: MetricsConfig(address: ListenAddress(host: "127.0.0.1", port: port), keyPath: "log.metrics"),
            registry: registry, liveness: liveness, logger: Logger(label: "metrics-test"))
        let running = Task { try await server.run() }
        defer { running.cancel() }
        try await waitUntil("the listener to accept") { (try? RawConnection(port: port)) != nil }
        try await body(port, registry, liveness)
        running.cancel()
        try await running.value
    }

    @Test func healthAndMetricsOverASocket() async throws {
        try await withServer { port, registry, liveness in
            let starting = try RawHTTP.request("/healthz", port: port)
            #expect(starting.status == 503)
            #expect(starting.header("content-type") == "application/json")
            #expect(starting.body.hasPrefix(#"{"status":"unavailable","reason":"#))
            liveness.register().consuming()
            let healthy = try RawHTTP.request("/healthz", port: port)
            #expect(healthy.status == 200)
            #expect(healthy.body == #"{"status":"ok"}"#)
            #expect(healthy.header("connection") == "close")

            let factory = MetricsServer.factory(registry: registry)
            Counter(label: "howalarming_test_total", dimensions: [("outcome", "handled")], factory: factory).increment(by: 3)
            Timer(label: ConsumerMetricNames.queueLatency, dimensions: [("tube", "log")], factory: factory).recordSeconds(2)
            let metrics = try RawHTTP.request("/metrics", port: port)
            #expect(metrics.status == 200)
            #expect(metrics.header("content-type") == "text/plain; version=0.0.4; charset=utf-8")
            #expect(metrics.body.contains(#"howalarming_test_total{outcome="handled"} 3"#), "\(metrics.body)")
            // The queue latency in buckets of seconds: 2 s falls in le="2", not in le="1".
            #expect(metrics.body.contains(#"howalarming_consumer_queue_latency_seconds_bucket{tube="log",le="1.0"} 0"#), "\(metrics.body)")
            #expect(metrics.body.contains(#"howalarming_consumer_queue_latency_seconds_bucket{tube="log",le="2.0"} 1"#), "\(metrics.body)")
        }
    }

    @Test func otherRequestsAreRefusedAndTheListenerServesOn() async throws {
        try await withServer { port, _, _ in
            #expect(try RawHTTP.request("/", port: port).status == 404)
            #expect(try RawHTTP.request("/metrics/../etc/passwd", port: port).status == 404)
            let post = try RawHTTP.request("/metrics", method: "DELETE", port: port)
            #expect(post.status == 405)
            #expect(post.header("allow") == "GET")
            let withBody = try RawHTTP.request(
                "/metrics", method: "POST", port: port, extraHeaders: "Content-Length: 5\r\n", body: "hello")
            #expect(withBody.status == 413)
            let chunked = try RawHTTP.request(
                "/healthz", port: port, extraHeaders: "Transfer-Encoding: chunked\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
            #expect(chunked.status == 413)
            let garbage = try RawConnection(port: port)
            try garbage.send("\u{1}\u{2} not http\r\n\r\n")
            _ = try garbage.readUntilClosed()
            #expect(try RawHTTP.request("/healthz", port: port).status == 503, "the listener still serves")
        }
    }

    @Test func aPortItCannotTakeStopsItNamingTheKey() async throws {
        let taken = try ClosedPort()
        let server = MetricsServer(
            configuration: MetricsConfig(address: ListenAddress(host: "127.0.0.1", port: taken.port), keyPath: "push.metrics"),
            registry: PrometheusCollectorRegistry(), logger: Logger(label: "metrics-test"))
        let error = await #expect(throws: ConfigError.self) { try await server.run() }
        #expect(error?.keyPath == "push.metrics")
        #expect(error?.reason.hasPrefix("cannot listen on 127.0.0.1:\(taken.port): ") == true, "\(String(describing: error))")
    }
}
