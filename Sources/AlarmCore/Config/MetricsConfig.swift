/// Where a daemon serves `/healthz` and Prometheus `/metrics`: the key `metrics` of its section
/// (`envisalinkd`, `push`, `log`, `mqtt`), or `howalarming consume --metrics`. Absent: not served.
public struct MetricsConfig: Sendable, Hashable {
    /// The address to listen on (`metrics`, `HOST:PORT`): loopback, unless the section's
    /// `metrics_allow_non_loopback` is `true`.
    public var address: ListenAddress
    /// Where the address was given (`log.metrics`, `--metrics`), for the error when it cannot be bound.
    public var keyPath: String

    /// Serving on `address`, as given by `keyPath`.
    public init(address: ListenAddress, keyPath: String) {
        self.address = address
        self.keyPath = keyPath
    }
}

extension ConfigMap {
    /// The section's `metrics` key, refused when not loopback unless `metrics_allow_non_loopback: true`.
    func metrics() throws(ConfigError) -> MetricsConfig? {
        try loopbackListenAddress("metrics", allowNonLoopback: "metrics_allow_non_loopback").address
            .map { MetricsConfig(address: $0, keyPath: path(of: "metrics")) }
    }
}
