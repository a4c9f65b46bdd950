import AlarmCore
import Logging
import PushDelivery

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns events from the push tube into notifications: the trigger filter in front of the
/// dispatcher (the canary and escalations pass it always), and the dispatcher's verdict as a job
/// outcome.
///
/// A notification past its lifetime (`push.lifetime`) is stale: its job is buried, not sent.
/// When an operator kicks such a job (`howalarming kick push`, after an outage), the devices
/// that have not had it get it once, late, as asked; what that run cannot deliver is buried
/// again rather than retried.
struct EventHandler: Sendable {
    let dispatcher: PushDispatcher
    let triggers: Set<EventType>
    let kicks: JobKicks

    func handle(_ event: AlarmEvent, context: JobContext) async throws -> JobOutcome {
        guard triggers.contains(event.type) || event.isCanary || event.isEscalation else {
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
            guard try await kicks.count(of: context.jobID) > 0 else {
                return .bury(reason: "the notification's lifetime (push.lifetime) ended before \(devices) devices got it")
            }
            if case .expired(let left) = try await dispatcher.deliverLate(event) {
                return .bury(reason: "kicked after its lifetime: \(left) devices still did not get it (not retried)")
            }
            context.logger.notice("kicked after its lifetime: delivered late, as asked", metadata: [
                "devices": "\(devices)"
            ])
            return .done
        case .release(let after):
            return .retry(after: after)
        }
    }
}
