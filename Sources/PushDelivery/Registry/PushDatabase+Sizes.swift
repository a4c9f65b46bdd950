import GRDB

extension PushDatabase {
    /// How many devices are registered and how many delivery attempts the ledger holds: for the
    /// metrics (a read, which never waits for a writer).
    public func sizes() async throws -> (devices: Int, ledgerRows: Int) {
        try await writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery") ?? 0
            )
        }
    }
}
