import CoreMetrics
import Logging
import PushDelivery
import ServiceLifecycle

/// Keeps the gauges of the device registry's and the delivery ledger's sizes (docs/operations.md)
/// up to date: reads them at start and then every ``interval``. Runs only when the push
/// consumer's metrics are served.
struct PushSizeGauges: Service {
    /// Registered devices.
    static let devicesName = "howalarming_push_devices"
    /// Rows of the delivery ledger.
    static let ledgerRowsName = "howalarming_push_ledger_rows"

    let database: PushDatabase
    let interval: Duration
    let logger: Logger

    func run() async throws {
        let devices = Gauge(label: Self.devicesName)
        let ledgerRows = Gauge(label: Self.ledgerRowsName)
        repeat {
            do {
                let sizes = try await database.sizes()
                devices.record(sizes.devices)
                ledgerRows.record(sizes.ledgerRows)
            } catch {
                logger.warning("could not count the devices and delivery records for the metrics", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }) != nil
    }
}
