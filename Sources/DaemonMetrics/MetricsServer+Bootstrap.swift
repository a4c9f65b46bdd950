public import AlarmCore
import CoreMetrics
public import Logging
public import Prometheus

extension MetricsServer {
    /// For a daemon's `main`, before it builds its services: when `configuration` is set,
    /// bootstraps swift-metrics with a Prometheus registry, so that every metric the daemon's
    /// parts make from then on is in it, and returns the server that shows it. When it is not
    /// set, nothing is bootstrapped (swift-metrics drops the metrics at no cost) and the result is `nil`.
    ///
    /// Call it at most once in a process: swift-metrics can be bootstrapped only once.
    public static func bootstrapped(_ configuration: MetricsConfig?, logger: Logger) -> MetricsServer? {
        guard let configuration else { return nil }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(factory(registry: registry))
        return MetricsServer(configuration: configuration, registry: registry, logger: logger)
    }

    /// A factory writing to `registry`, with the queue latency's buckets in seconds (messages
    /// carry whole-second timestamps).
    public static func factory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[ConsumerMetricNames.queueLatency] = ConsumerMetricNames.latencyBuckets
        return factory
    }
}
