import PushDelivery
import ServiceLifecycle

/// Closes the providers' connections once everything else has stopped: listed first in the
/// service group, so it is stopped last.
struct SenderCloser: Service {
    let senders: [any NotificationSender]

    func run() async throws {
        // Returns on graceful shutdown, throws on cancellation: close the connections either way.
        try? await gracefulShutdown()
        for sender in senders { await sender.shutdown() }
    }
}
