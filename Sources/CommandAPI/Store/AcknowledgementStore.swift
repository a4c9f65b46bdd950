#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmStorage
import GRDB

/// Who acknowledged which event: once per (event, token), kept as long as the events.
public struct AcknowledgementStore: Sendable {
    /// One acknowledgement.
    public struct Acknowledgement: Sendable, Hashable {
        /// The event's cursor.
        public var cursor: Int64
        /// The name of the token that acknowledged it.
        public var tokenName: String
        /// When, in Unix milliseconds: the first time this token acknowledged the event.
        public var time: Int64
    }

    /// Which event to acknowledge.
    public enum EventReference: Sendable, Hashable {
        /// The event stored at this cursor.
        case cursor(Int64)
        /// The event with this `id` (as notifications carry it).
        case id(UUID)
    }

    let database: CommandDatabase

    /// The acknowledgements in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Records that `tokenName` acknowledged the event at `now` (Unix ms), unless it did already;
    /// returns the acknowledgement kept, or `nil` when no such event is stored.
    public func acknowledge(_ event: EventReference, by tokenName: String, now: Int64) async throws -> Acknowledgement? {
        try await database.writer.write { db in
            let cursor: Int64? =
                switch event {
                case .cursor(let cursor):
                    try Int64.fetchOne(db, sql: "SELECT cursor FROM event WHERE cursor = ?", arguments: [cursor])
                case .id(let id):
                    try Int64.fetchOne(
                        db, sql: "SELECT cursor FROM event WHERE event_id = ?", arguments: [id.uuidString.lowercased()])
                }
            guard let cursor else { return nil }
            try db.execute(
                sql: "INSERT OR IGNORE INTO acknowledgement (cursor, token_name, time, acknowledged_at) VALUES (?, ?, ?, ?)",
                arguments: [cursor, tokenName, now, DatabaseTime(Date())])
            let time = try Int64.fetchOne(
                db, sql: "SELECT time FROM acknowledgement WHERE cursor = ? AND token_name = ?", arguments: [cursor, tokenName])
            return Acknowledgement(cursor: cursor, tokenName: tokenName, time: time ?? now)
        }
    }

    /// The acknowledgements of the events at `cursors`, by cursor, oldest first.
    public func acknowledgements(of cursors: [Int64]) async throws -> [Int64: [Acknowledgement]] {
        guard !cursors.isEmpty else { return [:] }
        let acknowledgements = try await database.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT cursor, token_name, time FROM acknowledgement
                    WHERE cursor IN (\(databaseQuestionMarks(count: cursors.count))) ORDER BY time, token_name
                    """,
                arguments: StatementArguments(cursors)
            ).map { row in Acknowledgement(cursor: row["cursor"], tokenName: row["token_name"], time: row["time"]) }
        }
        return Dictionary(grouping: acknowledgements, by: \.cursor)
    }

    /// Deletes the acknowledgements made before `date`; returns how many.
    public func purge(before date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM acknowledgement WHERE acknowledged_at < ?", arguments: [DatabaseTime(date)])
            return db.changesCount
        }
    }
}
