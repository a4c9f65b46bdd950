import AlarmStorage
import GRDB

/// The push consumer's SQLite database: the device registry and the delivery ledger.
///
/// Opening it creates the file (and its directory) when needed and brings the schema up to date
/// with versioned migrations; a database written by a newer version of the program is refused
/// rather than misread. File databases use WAL mode, so the daemon and the `devices` commands can
/// use the same file at once (readers never wait for the writer; writers wait up to
/// 5 seconds for each other). Committed writes survive a crash of the process; with
/// `synchronous = NORMAL` the last transactions may be lost on a power cut, which can only cause
/// a repeated notification, never a lost one.
///
/// Share one value per process: ``DeviceRegistry`` and ``DeliveryLedger`` are views over it.
public struct PushDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Opens (or creates) the database file at `path`, creating its directory when missing.
    ///
    /// - Throws: ``RegistryError`` with code ``RegistryError/Code/schemaTooNew`` for a database
    ///   from a newer program, or the SQLite error when the file cannot be opened or migrated.
    public init(path: String) throws {
        writer = try VersionedDatabase.open(path: path, label: "howalarming-push", migrator: Self.migrator, refusal: Self.refusal)
    }

    /// A private database in memory, gone when the value is released: for tests and dry runs.
    public static func inMemory() throws -> PushDatabase {
        PushDatabase(writer: try VersionedDatabase.migrate(DatabaseQueue(), with: migrator, refusal: refusal))
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    private static func refusal(_ problem: String) -> any Error {
        RegistryError(code: .schemaTooNew, message: "the push database has \(problem)")
    }

    /// The schema versions applied to this database, oldest first (for example `["v1"]`).
    public func schemaVersions() async throws -> [String] {
        try await writer.read { try Self.migrator.appliedMigrations($0) }
    }
}
