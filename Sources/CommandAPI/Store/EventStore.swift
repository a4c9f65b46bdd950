public import AlarmCore
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmStorage
import GRDB

/// The event history and the panel state derived from it.
///
/// ``record(_:)`` stores an event once per `id` and updates the ``PanelState`` in the same
/// transaction, so the two never disagree, also after a crash.
public struct EventStore: Sendable {
    /// What recording an event did.
    public enum Recording: Sendable, Hashable {
        /// Stored at this cursor; the state was updated.
        case stored(cursor: Int64)
        /// An event with this `id` was stored already: nothing changed.
        case duplicate
    }

    let database: CommandDatabase

    /// The history in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Stores `event` unless one with its `id` is stored, and applies it to the panel state.
    public func record(_ event: AlarmEvent) async throws -> Recording {
        let json = event.jsonString()
        let eventID = event.id?.uuidString.lowercased()
        return try await database.writer.write { db in
            // Checked first rather than INSERT OR IGNORE, which would use up a cursor value.
            if let eventID, try Bool.fetchOne(db, sql: "SELECT 1 FROM event WHERE event_id = ?", arguments: [eventID]) ?? false {
                return .duplicate
            }
            try db.execute(
                sql: "INSERT INTO event (event_id, type, json, received_at) VALUES (?, ?, ?, ?)",
                arguments: [eventID, event.type.rawValue, json, DatabaseTime(Date())])
            let cursor = db.lastInsertedRowID
            var state = try Self.state(in: db)
            state.apply(event)
            try db.execute(
                sql: "INSERT OR REPLACE INTO panel_state (id, json) VALUES (1, ?)",
                arguments: [String(decoding: try JSONEncoder().encode(state), as: UTF8.self)])
            return .stored(cursor: cursor)
        }
    }

    /// The panel state after every event recorded so far, and the last of those events, read
    /// together.
    public func stateAndLastEvent() async throws -> (state: PanelState, lastEvent: StoredEvent?) {
        try await database.writer.read { db in
            let last = try Row.fetchOne(db, sql: "SELECT cursor, json FROM event ORDER BY cursor DESC LIMIT 1")
            return (try Self.state(in: db), try last.map(Self.storedEvent))
        }
    }

    /// Up to `limit` events stored after `cursor`, oldest first.
    public func events(after cursor: Int64, limit: Int) async throws -> [StoredEvent] {
        try await fetch(
            "SELECT cursor, json FROM event WHERE cursor > ? ORDER BY cursor LIMIT ?", arguments: [cursor, limit])
    }

    /// The `limit` most recent events, oldest first.
    public func latest(limit: Int) async throws -> [StoredEvent] {
        try await fetch(
            "SELECT cursor, json FROM (SELECT cursor, json FROM event ORDER BY cursor DESC LIMIT ?) ORDER BY cursor",
            arguments: [limit])
    }

    /// Up to `limit` events of `type`, newest first, with a cursor below `before` when given.
    public func events(ofType type: EventType, before: Int64?, limit: Int) async throws -> [StoredEvent] {
        try await fetch(
            "SELECT cursor, json FROM event WHERE type = ? AND cursor < ? ORDER BY cursor DESC LIMIT ?",
            arguments: [type.rawValue, before ?? Int64.max, limit])
    }

    /// Deletes the events received before `date`; returns how many. The panel state is kept.
    public func purge(receivedBefore date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM event WHERE received_at < ?", arguments: [DatabaseTime(date)])
            return db.changesCount
        }
    }

    private func fetch(_ sql: String, arguments: StatementArguments) async throws -> [StoredEvent] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.storedEvent)
        }
    }

    private static func storedEvent(_ row: Row) throws -> StoredEvent {
        StoredEvent(cursor: row["cursor"], event: try AlarmEvent.decode(json: row["json"] as String))
    }

    private static func state(in db: Database) throws -> PanelState {
        guard let json = try String.fetchOne(db, sql: "SELECT json FROM panel_state WHERE id = 1") else {
            return PanelState()
        }
        return try JSONDecoder().decode(PanelState.self, from: Data(json.utf8))
    }
}
