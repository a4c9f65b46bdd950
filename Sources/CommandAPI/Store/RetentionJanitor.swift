import Logging
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Deletes events, audit rows, delivery reports, acknowledgements and escalations older than the retention,
/// at start and then every few hours. The panel state and the device list are kept: they do not
/// depend on old events staying.
struct RetentionJanitor: Service {
    let store: EventStore
    let audit: CommandAudit
    let reports: PushReportStore
    let acknowledgements: AcknowledgementStore
    let escalations: EscalationStore
    let retentionDays: Int
    let interval: Duration
    let logger: Logger

    func run() async throws {
        repeat {
            let cutoff = Date(timeIntervalSinceNow: -Double(retentionDays) * 86_400)
            do {
                let events = try await store.purge(receivedBefore: cutoff)
                let audited = try await audit.purge(before: cutoff)
                let deliveries = try await reports.purge(receivedBefore: cutoff)
                let acknowledged = try await acknowledgements.purge(before: cutoff)
                let escalated = try await escalations.purge(before: cutoff)
                if events + audited + deliveries + acknowledged + escalated > 0 {
                    logger.info("old history removed", metadata: [
                        "events": "\(events)", "audit_rows": "\(audited)", "deliveries": "\(deliveries)",
                        "acknowledgements": "\(acknowledged)", "escalations": "\(escalated)",
                    ])
                }
            } catch {
                logger.error("could not remove old history", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
