#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The box's time as the panel clock's keeper reads it: the wall clock, and how often it looks
/// whether the daily setting is due. Tests give a clock they move on.
public struct PanelClockTime: Sendable {
    /// Now, on the box's wall clock.
    public var now: @Sendable () -> Date
    /// How often the keeper looks at the time for the daily setting, and tries a waiting one again.
    public var tickInterval: Duration

    public init(now: @escaping @Sendable () -> Date, tickInterval: Duration) {
        self.now = now
        self.tickInterval = tickInterval
    }

    /// The system's clock, looked at every 30 s.
    public static let system = PanelClockTime(now: { Date() }, tickInterval: .seconds(30))
}
