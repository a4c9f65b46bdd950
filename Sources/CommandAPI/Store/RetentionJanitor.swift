import Logging
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Deletes events and audit rows older than the retention, at start and then every few hours.
/// The panel state is kept: it does not depend on old events staying.
struct RetentionJanitor: Service {
    let store: EventStore
    let audit: CommandAudit
    let retentionDays: Int
    let interval: Duration
    let logger: Logger

    func run() async throws {
        repeat {
            let cutoff = Date(timeIntervalSinceNow: -Double(retentionDays) * 86_400)
            do {
                let events = try await store.purge(receivedBefore: cutoff)
                let audited = try await audit.purge(before: cutoff)
                if events + audited > 0 {
                    logger.info("old history removed", metadata: ["events": "\(events)", "audit_rows": "\(audited)"])
                }
            } catch {
                logger.error("could not remove old history", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
