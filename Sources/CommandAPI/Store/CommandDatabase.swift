import AlarmStorage
import GRDB

/// The command API's SQLite database: the event history and the panel state derived from it,
/// the API tokens and the command audit.
///
/// Opened like every HowAlarming database (``VersionedDatabase``): created when missing, WAL mode
/// so that the daemon and the `tokens` commands can use the file at once, versioned migrations,
/// and a file from a newer program refused.
///
/// Share one value per process: ``EventStore``, ``TokenStore`` and ``CommandAudit`` are views
/// over it.
public struct CommandDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Opens (or creates) the database file at `path`, creating its directory when missing.
    ///
    /// - Throws: ``CommandStoreError`` with code ``CommandStoreError/Code/schemaTooNew`` for a
    ///   database from a newer program, or the SQLite error when the file cannot be opened.
    public init(path: String) throws {
        writer = try VersionedDatabase.open(path: path, label: "howalarming-command", migrator: Self.migrator) { problem in
            CommandStoreError(code: .schemaTooNew, message: "the command database has \(problem)")
        }
    }
}
