import CoreMetrics

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the consumer runtime counts, through swift-metrics: into a daemon's `/metrics` when its
/// `main` bootstraps a backend, into nothing otherwise. Labels are tube names, message kinds and
/// outcomes: a few fixed words each, never a secret.
struct ConsumerMetrics: Sendable {
    /// How a job left the consumer (`outcome` of ``ConsumerMetricNames/jobs``).
    enum Outcome: String, Sendable {
        /// Deleted: handled.
        case handled
        /// Released for another attempt.
        case retried
        /// Buried: by the handler, after its last attempt, malformed, or by beanstalkd.
        case buried
        /// The reservation ran out before the job was settled: beanstalkd hands it out again.
        case lost
        /// beanstalkd could not be told: it hands the job out again after its TTR.
        case unsettled
    }

    /// The `type` of a job that did not decode.
    static let malformed = "malformed"

    private let tube: String
    private let buried: Counter
    private let latency: Timer

    /// Metrics of a consumer of `tubes` (their names joined by commas label them).
    init(tubes: [TubeName]) {
        tube = tubes.map(\.rawValue).joined(separator: ",")
        buried = Counter(label: ConsumerMetricNames.buried, dimensions: [("tube", tube)])
        latency = Timer(label: ConsumerMetricNames.queueLatency, dimensions: [("tube", tube)])
    }

    /// A message made at `madeAt` (Unix seconds) was reserved now.
    func reserved(madeAt: Int64?) {
        guard let madeAt else { return }
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        latency.recordMilliseconds(max(0, now - madeAt * 1000))
    }

    /// A job of kind `type` left the consumer with `outcome`.
    func settled(type: String, _ outcome: Outcome) {
        Counter(label: ConsumerMetricNames.jobs, dimensions: [("tube", tube), ("type", type), ("outcome", outcome.rawValue)])
            .increment()
        if outcome == .buried { buried.increment() }
    }
}

/// The names of the consumer runtime's metrics, as `/metrics` shows them (docs/operations.md).
public enum ConsumerMetricNames {
    /// Jobs that left a consumer, by `tube`, `type` (an event's type, a command's name) and `outcome`.
    public static let jobs = "howalarming_consumer_jobs_total"
    /// Jobs buried, by `tube`.
    public static let buried = "howalarming_consumer_jobs_buried_total"
    /// From a message's timestamp to its reserve, by `tube`: a histogram.
    public static let queueLatency = "howalarming_consumer_queue_latency_seconds"
    /// The queue latency histograms' buckets: messages carry whole-second timestamps.
    public static let latencyBuckets: [Duration] = [1, 2, 5, 10, 30, 60, 300, 900, 3600].map { .seconds($0) }
}
