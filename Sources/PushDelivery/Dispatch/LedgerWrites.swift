import AlarmCore
import Logging
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ledger writes of one run of an event: which event, until when a refused write is tried
/// again, and the first write that could not be done at all.
final class LedgerWrites: Sendable {
    let eventID: UUID
    /// The event's type, for the delivery reports.
    let eventType: EventType
    /// The notification's deadline: a write refused until then is given up.
    let deadline: Date
    let logger: Logger
    private let firstFailure = Mutex<(any Error)?>(nil)

    init(eventID: UUID, eventType: EventType, deadline: Date, logger: Logger) {
        self.eventID = eventID
        self.eventType = eventType
        self.deadline = deadline
        self.logger = logger
    }

    /// Notes a write that was given up.
    func fail(_ error: any Error) {
        firstFailure.withLock { $0 = $0 ?? error }
    }

    /// The first write that was given up, if any.
    var failure: (any Error)? { firstFailure.withLock { $0 } }
}
