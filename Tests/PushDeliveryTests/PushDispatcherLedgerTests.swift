import AlarmCore
import Foundation
import GRDB
@testable import PushDelivery
import TestSupport
import Testing

/// A ledger write that fails during a fan-out: the other devices go on, and no device the
/// provider accepted is sent to again.
@Suite("Push dispatcher: failing ledger writes")
struct PushDispatcherLedgerTests {
    /// Makes every insert into the ledger fail while `ledger_fault.active` is 1.
    private static func injectFault(into writer: any DatabaseWriter) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                CREATE TABLE ledger_fault (active INTEGER NOT NULL);
                INSERT INTO ledger_fault VALUES (1);
                CREATE TRIGGER ledger_fault BEFORE INSERT ON delivery
                WHEN (SELECT active FROM ledger_fault) = 1
                BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END;
                """)
        }
    }

    @Test func aFailedLedgerWriteNeitherStopsTheFanOutNorSendsAgain() async throws {
        let bench = try DispatchBench()
        let phones = try await bench.addPhones(5)
        let writer = bench.ledger.database.writer
        try await Self.injectFault(into: writer)
        let event = Fixtures.event()

        let first = Task { try await bench.dispatcher.deliver(event) }
        // The provider accepts all five while the ledger cannot be written; then it can again.
        try await waitUntil("five sends") { bench.apns.sends.count == 5 }
        try await writer.write { try $0.execute(sql: "UPDATE ledger_fault SET active = 0") }
        let completion = try? await first.value

        // Another run of the job (a redelivery, or the retry after a failed run) sends nothing again.
        let second = try await bench.dispatcher.deliver(event)
        #expect(bench.apns.sends.sorted() == phones.sorted())
        #expect(completion == .delete)
        #expect(second == .delete)
        for phone in phones {
            let attempts = try await bench.ledger.attempts(
                eventID: event.stableID, device: try DeviceToken(phone, provider: .apns))
            #expect(attempts.map(\.status) == [.delivered])
        }
    }
}
