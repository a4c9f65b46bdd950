import AlarmCore
import PushDelivery

/// The push reports waiting to be put on `push.report_tube`: filled on the sending path without
/// ever waiting (``DeliveryObserver``), emptied by ``ReportPublisher``.
///
/// It holds at most ``capacity`` reports; when the queue cannot keep up (beanstalkd gone), the
/// oldest are dropped, never a delivery delayed. A `devices` report is made when it is
/// published, from the registry as it is then, so a burst of changes costs one look.
final class PushReportQueue: DeliveryObserver {
    /// What is waiting.
    enum Pending: Sendable {
        /// A `delivery` report, encoded.
        case delivery([UInt8])
        /// The registry changed: a `devices` report is due.
        case devices
    }

    /// The most reports waiting at once.
    static let capacity = 10_000

    let reports: AsyncStream<Pending>
    private let continuation: AsyncStream<Pending>.Continuation

    init() {
        (reports, continuation) = AsyncStream.makeStream(of: Pending.self, bufferingPolicy: .bufferingNewest(Self.capacity))
    }

    func recorded(_ attempt: DeliveryAttempt, eventType: EventType) {
        let report = DeliveryReport(
            eventID: attempt.eventID, eventType: eventType, device: attempt.device.deviceID, status: attempt.status,
            reason: attempt.reason, attempts: attempt.attempt, time: attempt.at.unixMilliseconds)
        continuation.yield(.delivery(PushReport.delivery(report).jsonBytes()))
    }

    func registryChanged() {
        continuation.yield(.devices)
    }

    /// No more reports: the publisher finishes what is queued and stops.
    func finish() {
        continuation.finish()
    }
}
