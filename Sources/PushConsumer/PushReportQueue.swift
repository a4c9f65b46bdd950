import AlarmCore
import PushDelivery
import Synchronization

/// The push reports waiting to be put on `push.report_tube`: filled on the sending path without
/// ever waiting (``DeliveryObserver``), emptied by ``ReportPublisher``.
///
/// It holds at most ``capacity`` reports; when the queue cannot keep up (beanstalkd gone), the
/// oldest are dropped, never a delivery delayed. A `devices` report is made when it is
/// published, from the registry as it is then, and at most one waits: a burst of changes (a
/// thousand registrations, or an event's deliveries, each changing a device's last success)
/// costs one look at the registry, not one per change.
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
    /// Whether a `devices` marker waits in ``reports``.
    private let devicesWaiting = Mutex(false)

    init() {
        (reports, continuation) = AsyncStream.makeStream(of: Pending.self, bufferingPolicy: .bufferingNewest(Self.capacity))
    }

    func recorded(_ attempt: DeliveryAttempt, eventType: EventType) {
        let report = DeliveryReport(
            eventID: attempt.eventID, eventType: eventType, device: attempt.device.deviceID, status: attempt.status,
            reason: attempt.reason, attempts: attempt.attempt, time: attempt.at.unixMilliseconds,
            ackTokenHash: attempt.ackTokenHash)
        put(.delivery(PushReport.delivery(report).jsonBytes()))
        // The device's last success changed with it: the `devices` report follows.
        if attempt.status == .delivered { registryChanged() }
    }

    func registryChanged() {
        let first = devicesWaiting.withLock { waiting in
            defer { waiting = true }
            return !waiting
        }
        if first { put(.devices) }
    }

    /// The publisher takes the waiting `devices` marker and reads the registry: a change from
    /// now on needs a report of its own.
    func devicesTaken() {
        devicesWaiting.withLock { $0 = false }
    }

    /// Queues `pending`; a `devices` marker dropped to make room is queued again (it is the
    /// only one, so the next drop is a delivery report).
    private func put(_ pending: Pending) {
        if case .dropped(.devices) = continuation.yield(pending) {
            continuation.yield(.devices)
        }
    }

    /// No more reports: the publisher finishes what is queued and stops.
    func finish() {
        continuation.finish()
    }
}
