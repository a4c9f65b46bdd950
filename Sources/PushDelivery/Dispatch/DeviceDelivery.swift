#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore

/// One device's part of a run: its last send report, and whether its ledger rows are written.
struct DeviceDelivery: Sendable {
    let device: RegisteredDevice
    let report: SendReport
    /// Whether the last attempt still has to be recorded: its outcome depends on how many devices
    /// got the same reply, which is known only when every send of the run has finished.
    let awaitsSpread: Bool
}

extension DeliveryOutcome {
    /// The ledger status of an attempt with this outcome.
    var ledgerStatus: DeliveryStatus {
        switch self {
        case .delivered: .delivered
        case .prune: .pruned
        case .fail: .failed
        case .retry, .refreshCredentials, .halt: .retrying
        }
    }

    /// The provider's message id when delivered.
    var providerMessageID: String? {
        if case .delivered(let id) = self { id } else { nil }
    }

    /// The device's outcome for ``JobCompletion``; a device of a halted provider waits `haltWait`.
    func deviceOutcome(haltWait: @autoclosure () -> Duration) -> DeviceOutcome {
        switch self {
        case .delivered: .delivered
        case .prune: .pruned
        case .fail: .failed
        case .retry(let after, _, _): .retryLater(after: after)
        case .refreshCredentials: .retryLater(after: nil)
        case .halt: .retryLater(after: haltWait())
        }
    }
}
