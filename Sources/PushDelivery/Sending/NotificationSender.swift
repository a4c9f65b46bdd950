public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One provider's sending side: builds an event's notification once, then sends it to each
/// device. ``APNSSender`` and ``FCMSender`` implement it; tests may substitute their own.
public protocol NotificationSender: Sendable {
    /// The provider this sender delivers through.
    var provider: PushProvider { get }
    /// Builds the notification for `event`, sent at `now`: payload, priority, and the expiry at
    /// the end of its lifetime after `issuedAt` (when the event was queued for delivery).
    func prepare(_ event: AlarmEvent, issuedAt: Date, now: Date) -> any PreparedNotification
    /// Closes the sender's connections.
    func shutdown() async
}

/// An event's notification, ready to be sent to any number of devices concurrently.
public protocol PreparedNotification: Sendable {
    /// Sends the notification to `device` once (with one more try on a refreshed credential
    /// when the provider refused the current one as expired). Never throws: every failure is
    /// a ``SendReport`` outcome.
    func send(to device: RegisteredDevice) async -> SendReport
}
