#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension TimeOfDay {
    /// The first instant after `date` when `zone`'s wall clock reads this time. On a day the
    /// clocks skip it, the instant they skip from (the end of the gap); on a day they go back
    /// across it, the first of the two.
    public func next(after date: Date, in zone: some WallClockZone) -> Date {
        let after = Int64(date.timeIntervalSince1970.rounded(.down))
        let localMidnight = Self.floor(after + Int64(zone.secondsFromGMT(for: date)), to: Self.day)
        for day in Int64(0)...2 {
            let wall = localMidnight + day * Self.day + Int64(hour * 3600 + minute * 60)
            if let instant = Self.instant(showing: wall, in: zone), instant > after {
                return Date(timeIntervalSince1970: TimeInterval(instant))
            }
        }
        return date.addingTimeInterval(TimeInterval(Self.day))
    }

    private static let day: Int64 = 86_400

    /// The first instant (Unix seconds) at which `zone`'s wall clock shows `wall` (seconds since
    /// 1970 on the wall clock), or the end of the gap when the clocks skip it.
    private static func instant(showing wall: Int64, in zone: some WallClockZone) -> Int64? {
        // A day either side of the wall time, the zone keeps the offsets of that stretch.
        let before = offset(of: zone, at: wall - day), later = offset(of: zone, at: wall + day)
        let candidates = [wall - before, wall - later].filter { offset(of: zone, at: $0) == wall - $0 }
        if let first = candidates.min() { return first }
        // Skipped: the change happens between the two readings; find its instant.
        guard before != later else { return nil }
        var (low, high) = (min(wall - before, wall - later), max(wall - before, wall - later))
        while low < high {
            let middle = low + (high - low) / 2
            if offset(of: zone, at: middle) == later { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private static func offset(of zone: some WallClockZone, at instant: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }

    private static func floor(_ value: Int64, to step: Int64) -> Int64 {
        value - ((value % step) + step) % step
    }
}
