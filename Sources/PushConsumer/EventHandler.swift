import AlarmCore
import PushDelivery

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns events from the push tube into notifications: the trigger filter in front of the
/// dispatcher, and the dispatcher's verdict as a job outcome.
struct EventHandler: Sendable {
    let dispatcher: PushDispatcher
    let triggers: Set<EventType>

    func handle(_ event: AlarmEvent, context: JobContext) async throws -> JobOutcome {
        guard triggers.contains(event.type) else {
            context.logger.debug("not a trigger: acknowledged without a notification", metadata: [
                "type": "\(event.type)"
            ])
            return .done
        }
        let age = try await context.age()
        switch try await dispatcher.deliver(event, issuedAt: Date(timeIntervalSinceNow: -Double(age.components.seconds))) {
        case .delete:
            return .done
        case .expired(let devices):
            return .bury(reason: "the notification's lifetime (push.lifetime) ended before \(devices) devices got it")
        case .release(let after):
            return .retry(after: after)
        }
    }
}
