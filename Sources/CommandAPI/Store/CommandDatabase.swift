#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GRDB

/// The command API's SQLite database: the event history and the panel state derived from it,
/// the API tokens and the command audit.
///
/// Opening it creates the file (and its directory) when needed and brings the schema up to date
/// with versioned migrations; a database written by a newer version of the program is refused.
/// File databases use WAL mode, so the daemon and the `tokens` commands can use the file at
/// once (readers never wait for the writer; writers wait up to 5 seconds for each other).
///
/// Share one value per process: ``EventStore``, ``TokenStore`` and ``CommandAudit`` are views
/// over it.
public struct CommandDatabase: Sendable {
    /// How long a write waits for another process's write transaction before failing, in seconds.
    static let busyTimeout: TimeInterval = 5

    let writer: any DatabaseWriter

    /// Opens (or creates) the database file at `path`, creating its directory when missing.
    ///
    /// - Throws: ``CommandStoreError`` with code ``CommandStoreError/Code/schemaTooNew`` for a
    ///   database from a newer program, or the SQLite error when the file cannot be opened.
    public init(path: String) throws {
        let directory = URL(filePath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "howalarming-command"
        try self.init(migrating: DatabasePool(path: path, configuration: configuration))
    }

    private init(migrating writer: some DatabaseWriter) throws {
        let migrator = Self.migrator
        if try writer.read({ try migrator.hasBeenSuperseded($0) }) {
            let applied = try writer.read { try migrator.appliedIdentifiers($0) }.sorted()
            throw CommandStoreError(
                code: .schemaTooNew,
                message: "the command database has schema versions \(applied.joined(separator: ", ")), "
                    + "newer than this program knows (\(Self.knownVersions.joined(separator: ", ")))")
        }
        try migrator.migrate(writer)
        self.writer = writer
    }

    /// The current time as the database stores it (to the millisecond).
    static func now() -> Date {
        let now = Date()
        return Date.fromDatabaseValue(now.databaseValue) ?? now
    }
}
