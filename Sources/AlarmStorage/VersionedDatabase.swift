#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import GRDB

/// How HowAlarming opens its SQLite databases (the push registry, the command API's store).
///
/// The file and its directory are created when missing. Files use WAL mode, so a daemon and the
/// commands that manage its data (`devices`, `tokens`) can use the file at once: readers never
/// wait for the writer, and writers wait up to 5 seconds for each other. The schema is brought up
/// to date with versioned migrations; a file that a newer program migrated further is refused
/// rather than misread.
public enum VersionedDatabase {
    /// How long a write waits for another process's write transaction before failing, in seconds.
    static let busyTimeout: TimeInterval = 5

    /// Opens (or creates) the file at `path` and migrates it.
    ///
    /// - Parameters:
    ///   - label: The connections' label, for SQLite traces.
    ///   - refusal: The error to throw for a file from a newer program, given a message such as
    ///     `schema versions v1, v2, newer than this program knows (v1)`.
    public static func open(
        path: String, label: String, migrator: DatabaseMigrator, refusal: (String) -> any Error
    ) throws -> DatabasePool {
        let directory = URL(filePath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = label
        return try migrate(DatabasePool(path: path, configuration: configuration), with: migrator, refusal: refusal)
    }

    /// Migrates `writer` (a file's pool, or a queue in memory), unless a newer program migrated
    /// it further; see ``open(path:label:migrator:refusal:)``.
    public static func migrate<Writer: DatabaseWriter>(
        _ writer: Writer, with migrator: DatabaseMigrator, refusal: (String) -> any Error
    ) throws -> Writer {
        if try writer.read({ try migrator.hasBeenSuperseded($0) }) {
            let applied = try writer.read { try migrator.appliedIdentifiers($0) }.sorted()
            throw refusal(
                "schema versions \(applied.joined(separator: ", ")), newer than this program knows "
                    + "(\(migrator.migrations.joined(separator: ", ")))")
        }
        try migrator.migrate(writer)
        return writer
    }

    /// A migrator applying `scripts` in order, each SQL script under its version (`v1`, …). A
    /// released script is never edited: a change goes into a new one, appended.
    public static func migrator(_ scripts: KeyValuePairs<String, String>) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (version, script) in scripts {
            migrator.registerMigration(version) { db in try db.execute(sql: script) }
        }
        return migrator
    }
}
