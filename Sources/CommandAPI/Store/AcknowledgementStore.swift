#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmCore
import AlarmStorage
import GRDB

/// Who acknowledged which event, and when: once per (event, API token) and once per (event,
/// device), kept as long as the events.
public struct AcknowledgementStore: Sendable {
    /// One acknowledgement.
    public struct Acknowledgement: Sendable, Hashable {
        /// The event's cursor.
        public var cursor: Int64
        /// Who acknowledged it.
        public var by: Acknowledger
        /// When, in Unix milliseconds: the first time `by` acknowledged the event.
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

    /// The stored event `event` refers to, with `by`'s acknowledgement of it when there is one;
    /// `nil` when no such event is stored.
    public func lookup(_ event: EventReference, by: Acknowledger) async throws -> (
        event: StoredEvent, acknowledgement: Acknowledgement?
    )? {
        try await database.writer.read { db in
            let row: Row? =
                switch event {
                case .cursor(let cursor):
                    try Row.fetchOne(db, sql: "SELECT cursor, json FROM event WHERE cursor = ?", arguments: [cursor])
                case .id(let id):
                    try Row.fetchOne(
                        db, sql: "SELECT cursor, json FROM event WHERE event_id = ?", arguments: [id.uuidString.lowercased()])
                }
            guard let row else { return nil }
            let stored = StoredEvent(cursor: row["cursor"], event: try AlarmEvent.decode(json: row["json"] as String))
            return (stored, try Self.acknowledgement(of: stored.cursor, by: by, in: db))
        }
    }

    /// Records that `by` acknowledged the event at `cursor` at `now` (Unix ms), unless it did
    /// already; returns the acknowledgement kept.
    public func acknowledge(cursor: Int64, by: Acknowledger, now: Int64) async throws -> Acknowledgement {
        try await database.writer.write { db in
            let acknowledgedAt = DatabaseTime(Date())
            switch by {
            case .token(let name):
                try db.execute(
                    sql: "INSERT OR IGNORE INTO acknowledgement (cursor, token_name, time, acknowledged_at) VALUES (?, ?, ?, ?)",
                    arguments: [cursor, name, now, acknowledgedAt])
            case .device(let device, let name):
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO device_acknowledgement (cursor, device, device_name, time, acknowledged_at)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [cursor, device.description, name, now, acknowledgedAt])
            }
            return try Self.acknowledgement(of: cursor, by: by, in: db) ?? Acknowledgement(cursor: cursor, by: by, time: now)
        }
    }

    /// The acknowledgements of the events at `cursors`, by cursor, oldest first.
    public func acknowledgements(of cursors: [Int64]) async throws -> [Int64: [Acknowledgement]] {
        guard !cursors.isEmpty else { return [:] }
        let marks = databaseQuestionMarks(count: cursors.count)
        let acknowledgements = try await database.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT cursor, token_name, NULL AS device, NULL AS device_name, time FROM acknowledgement
                    WHERE cursor IN (\(marks))
                    UNION ALL
                    SELECT cursor, NULL, device, device_name, time FROM device_acknowledgement WHERE cursor IN (\(marks))
                    ORDER BY time, token_name, device
                    """,
                arguments: StatementArguments(cursors + cursors)
            ).compactMap(Self.acknowledgement)
        }
        return Dictionary(grouping: acknowledgements, by: \.cursor)
    }

    /// Deletes the acknowledgements made before `date`; returns how many.
    public func purge(before date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM acknowledgement WHERE acknowledged_at < ?", arguments: [DatabaseTime(date)])
            let byToken = db.changesCount
            try db.execute(
                sql: "DELETE FROM device_acknowledgement WHERE acknowledged_at < ?", arguments: [DatabaseTime(date)])
            return byToken + db.changesCount
        }
    }

    /// `by`'s acknowledgement of the event at `cursor`, if any.
    private static func acknowledgement(of cursor: Int64, by: Acknowledger, in db: Database) throws -> Acknowledgement? {
        let time: Int64? =
            switch by {
            case .token(let name):
                try Int64.fetchOne(
                    db, sql: "SELECT time FROM acknowledgement WHERE cursor = ? AND token_name = ?", arguments: [cursor, name])
            case .device(let device, _):
                try Int64.fetchOne(
                    db, sql: "SELECT time FROM device_acknowledgement WHERE cursor = ? AND device = ?",
                    arguments: [cursor, device.description])
            }
        return time.map { Acknowledgement(cursor: cursor, by: by, time: $0) }
    }

    /// A row of either table as an acknowledgement; `nil` for a device id this version cannot read.
    private static func acknowledgement(_ row: Row) -> Acknowledgement? {
        let by: Acknowledger
        if let name = row["token_name"] as String? {
            by = .token(name: name)
        } else if let device = DeviceID(row["device"] as String? ?? "") {
            by = .device(device, name: row["device_name"])
        } else {
            return nil
        }
        return Acknowledgement(cursor: row["cursor"], by: by, time: row["time"])
    }
}
