import AlarmCore
import Metrics
public import Prometheus

/// The command API's own metrics, made with an explicit factory so that tests can give each
/// daemon its own registry. `main` bootstraps swift-metrics with the same factory.
public struct CommandMetrics: Sendable {
    /// Metric names, as `/metrics` shows them.
    enum Name {
        static let eventsConsumed = "howalarming_command_events_consumed_total"
        static let queueLatency = "howalarming_command_queue_latency_seconds"
        static let lastEventTimestamp = "howalarming_command_last_event_timestamp_seconds"
        static let commandsSent = "howalarming_command_commands_sent_total"
        static let registrationsSent = "howalarming_command_registrations_sent_total"
        static let authFailures = "howalarming_command_auth_failures_total"
    }

    /// The registry `/metrics` reads.
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let stored: CoreMetrics.Counter
    private let duplicates: CoreMetrics.Counter
    private let latency: CoreMetrics.Timer
    private let lastEvent: CoreMetrics.Gauge
    private let authFailures: CoreMetrics.Counter
    private let commands: [SimpleCommand: CoreMetrics.Counter]
    private let registrations: [String: CoreMetrics.Counter]

    /// Metrics in `registry`.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        factory = Self.factory(registry: registry)
        stored = CoreMetrics.Counter(label: Name.eventsConsumed, dimensions: [("outcome", "stored")], factory: factory)
        duplicates = CoreMetrics.Counter(label: Name.eventsConsumed, dimensions: [("outcome", "duplicate")], factory: factory)
        latency = CoreMetrics.Timer(label: Name.queueLatency, factory: factory)
        lastEvent = CoreMetrics.Gauge(label: Name.lastEventTimestamp, factory: factory)
        authFailures = CoreMetrics.Counter(label: Name.authFailures, factory: factory)
        commands = Dictionary(uniqueKeysWithValues: SimpleCommand.allCases.map { [factory] command in
            (command, CoreMetrics.Counter(label: Name.commandsSent, dimensions: [("command", command.rawValue)], factory: factory))
        })
        registrations = Dictionary(uniqueKeysWithValues: ["register", "unregister", "rename"].map { [factory] type in
            (type, CoreMetrics.Counter(label: Name.registrationsSent, dimensions: [("type", type)], factory: factory))
        })
    }

    /// Bootstraps swift-metrics with this registry's factory, so that other libraries' metrics
    /// (the HTTP server's request counts and durations) appear in `/metrics` too. Call it once,
    /// from `main`.
    public func bootstrapMetricsSystem() {
        MetricsSystem.bootstrap(factory)
    }

    /// A factory writing to `registry`, with this daemon's histogram buckets.
    private static func factory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Event timestamps are whole seconds: buckets of seconds, for the consumer runtime's too.
        factory.durationHistogramBuckets[Name.queueLatency] = ConsumerMetricNames.latencyBuckets
        factory.durationHistogramBuckets[ConsumerMetricNames.queueLatency] = ConsumerMetricNames.latencyBuckets
        return factory
    }

    /// Counts an event taken from the queue, and how long after its timestamp that was.
    func consumed(_ event: AlarmEvent, duplicate: Bool, now: Int64) {
        (duplicate ? duplicates : stored).increment()
        latency.recordSeconds(max(0, now - event.timestamp))
        lastEvent.record(event.timestamp)
    }

    /// Counts a command put on the command tubes.
    func commandSent(_ command: SimpleCommand) {
        commands[command]?.increment()
    }

    /// Counts a device registration (`register` or `unregister`) put on the registration tube.
    func registrationSent(type: String) {
        registrations[type]?.increment()
    }

    /// Counts a request refused for a missing, malformed, wrong or revoked token.
    func authenticationFailed() {
        authFailures.increment()
    }

    /// The Prometheus text exposition of every metric in the registry.
    func exposition() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
