import Foundation

/// A moment as the simulator sees it: a monotonic instant for delays and zone timers, and the
/// local wall-clock time (seconds since 1970 as if the local time were UTC) for the panel's clock.
struct Moment: Sendable {
    /// For zone timers: immune to wall-clock changes.
    var instant: ContinuousClock.Instant
    /// For the panel's clock (`010`, `550`, timestamp prefixes).
    var wallSeconds: Int64

    /// The present moment.
    static func now() -> Moment {
        let date = Date()
        let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(TimeZone.current.secondsFromGMT(for: date))
        return Moment(instant: .now, wallSeconds: local)
    }
}
