import Logging
import PushDelivery
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Deletes delivery ledger rows older than the retention, at start and then every few hours.
struct LedgerJanitor: Service {
    let ledger: DeliveryLedger
    let retention: Duration
    let interval: Duration
    let logger: Logger

    func run() async throws {
        repeat {
            do {
                let cutoff = Date().addingTimeInterval(-Double(retention.components.seconds))
                let removed = try await ledger.purge(recordedBefore: cutoff)
                if removed > 0 { logger.info("old delivery records removed", metadata: ["rows": "\(removed)"]) }
            } catch {
                logger.error("could not remove old delivery records", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
