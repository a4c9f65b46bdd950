#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where payload builders and token providers read the wall-clock time; tests inject a fake one.
///
/// Wall-clock time, not a monotonic clock, because what matters is what the providers see:
/// APNs and Google compare a token's `iat` and a notification's expiration with their own clocks.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that asks `read` for the time.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's clock.
    public static let system = WallClock { Date() }

    /// The current time.
    public var now: Date { read() }
}
