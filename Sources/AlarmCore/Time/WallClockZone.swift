#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A time zone's rules, as far as HowAlarming needs them: its name, and how far its wall clock is
/// from UTC at an instant (daylight saving time included).
///
/// The integrator's is ``SystemTimeZone`` (glibc and the tz database: no ICU in the integrator);
/// Foundation's `TimeZone` is one too (with ICU where a daemon has it, and in tests).
public protocol WallClockZone: Sendable {
    /// The zone's name, such as `Europe/London`.
    var identifier: String { get }
    /// Seconds the zone's wall clock is ahead of UTC at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: WallClockZone {}

extension WallClockZone {
    /// The zone's fixed offset at `date`, for converting that one instant.
    public func fixedZone(at date: Date) -> TimeZone {
        TimeZone(secondsFromGMT: secondsFromGMT(for: date)) ?? .gmt
    }
}
