#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// How long a write waits for another process's write transaction before failing, in seconds.
    static let busyTimeout: TimeInterval = 5

    let writer: any DatabaseWriter

    /// Opens (or creates) the database file at `path`, creating its directory when missing.
    ///
    /// - Throws: ``RegistryError`` with code ``RegistryError/Code/schemaTooNew`` for a database
    ///   from a newer program, or the SQLite error when the file cannot be opened or migrated.
    public init(path: String) throws {
        let directory = URL(filePath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "howalarming-push"
        try self.init(migrating: DatabasePool(path: path, configuration: configuration))
    }

    /// A private database in memory, gone when the value is released: for tests and dry runs.
    public static func inMemory() throws -> PushDatabase {
        try PushDatabase(migrating: DatabaseQueue())
    }

    private init(migrating writer: some DatabaseWriter) throws {
        let migrator = Self.migrator
        let superseded = try writer.read { try migrator.hasBeenSuperseded($0) }
        if superseded {
            let applied = try writer.read { try migrator.appliedIdentifiers($0) }.sorted()
            throw RegistryError(
                code: .schemaTooNew,
                message: "the push database has schema versions \(applied.joined(separator: ", ")), "
                    + "newer than this program knows (\(Self.knownVersions.joined(separator: ", ")))")
        }
        try migrator.migrate(writer)
        self.writer = writer
    }

    /// The current time as the database stores it (to the millisecond), so that what a write
    /// returns equals what is read back later.
    static func now() -> Date {
        let now = Date()
        return Date.fromDatabaseValue(now.databaseValue) ?? now
    }

    /// The schema versions applied to this database, oldest first (for example `["v1"]`).
    public func schemaVersions() async throws -> [String] {
        try await writer.read { try Self.migrator.appliedMigrations($0) }
    }
}
