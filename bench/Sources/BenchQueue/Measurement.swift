/// Timed operations: their count, the wall time, and each operation's latency when known.
struct Measurement {
    let operations: Int
    let seconds: Double
    /// Latencies in microseconds (empty for tests where one operation's latency means nothing).
    var latencies: [Double]

    /// The measurement as one JSON line.
    func json(client: String, test: String) -> String {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> String {
            guard !sorted.isEmpty else { return "null" }
            return String(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
        }
        return #"{"client":"\#(client)","test":"\#(test)","ops":\#(operations),"seconds":\#(seconds),"#
            + #""ops_per_s":\#(Double(operations) / seconds),"p50_us":\#(percentile(0.5)),"p99_us":\#(percentile(0.99))}"#
    }
}

/// A monotonic stopwatch.
struct Stopwatch {
    private let start = ContinuousClock.now

    /// Microseconds since the stopwatch started.
    var microseconds: Double {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12
    }

    /// Seconds since the stopwatch started.
    var seconds: Double { microseconds / 1e6 }
}
