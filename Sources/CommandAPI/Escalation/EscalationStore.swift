public import AlarmCore
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmStorage
import GRDB

/// The escalations in the command API's database: which alarms escalate, the steps made, and
/// why each stopped. Everything it decides comes from what the database holds (the events and
/// the acknowledgements), so a restart picks up where the last run was.
public struct EscalationStore: Sendable {
    /// One alarm's escalation.
    public struct Escalation: Sendable, Hashable {
        /// The escalated alarm's cursor.
        public var alarmCursor: Int64
        /// The escalated alarm.
        public var alarm: AlarmEvent
        /// The partition it concerns (1 when the alarm names none).
        public var partition: Int
        /// When the alarm was stored, in Unix ms: the start of the schedule.
        public var start: Int64
        /// The steps made.
        public var steps: [Step]
        /// When it stopped and why; `nil` while it goes on.
        public var stop: Stop?
    }

    /// When and why an escalation stopped.
    public struct Stop: Sendable, Hashable {
        /// When, in Unix ms.
        public var time: Int64
        /// Why: `acknowledged by Anna's iPhone`, `partition 1 disarmed`, `limit reached: 5 steps`.
        public var reason: String
    }

    /// One step made.
    public struct Step: Sendable, Hashable {
        /// 1 for the first.
        public var number: Int
        /// The step's event id.
        public var eventID: UUID
        /// When it was on the queue, in Unix ms.
        public var time: Int64
    }

    let database: CommandDatabase

    /// The escalations in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Starts an escalation for each alarm stored since the last look, unless its partition has
    /// one going on already (the same incident: a zone alarm and the partition alarm come
    /// together) or its schedule would have ended before `now` (Unix ms; an alarm stored while
    /// escalation was off). Returns how many started.
    @discardableResult
    public func startNewAlarms(schedule: EscalationSchedule, now: Int64) async throws -> Int {
        try await database.writer.write { db in
            let mark = try Int64.fetchOne(db, sql: "SELECT cursor FROM escalation_scan WHERE id = 1") ?? 0
            let alarms = try Row.fetchAll(
                db, sql: "SELECT cursor, json, received_at FROM event WHERE type = 'alarm' AND cursor > ? ORDER BY cursor",
                arguments: [mark])
            var started = 0
            for row in alarms {
                let alarm = try AlarmEvent.decode(json: row["json"] as String)
                let partition = alarm.partition ?? PanelState.defaultPartition
                let start = (row["received_at"] as DatabaseTime).date.unixMilliseconds
                let running = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM escalation WHERE stopped_at IS NULL AND partition = ?", arguments: [partition])
                guard running != true, schedule.end(start: start) >= now else { continue }
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO escalation (alarm_cursor, alarm_id, partition, started_at, created_at)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        row["cursor"] as Int64, alarm.stableID.uuidString.lowercased(), partition, start, DatabaseTime(Date()),
                    ])
                started += 1
            }
            try db.execute(
                sql: "UPDATE escalation_scan SET cursor = (SELECT COALESCE(MAX(cursor), ?) FROM event) WHERE id = 1",
                arguments: [mark])
            return started
        }
    }

    /// The escalations going on, oldest first.
    public func running() async throws -> [Escalation] {
        try await escalations(where: "e.stopped_at IS NULL", arguments: [])
    }

    /// The escalations of the alarms at `cursors`, by cursor.
    public func escalations(of cursors: [Int64]) async throws -> [Int64: Escalation] {
        guard !cursors.isEmpty else { return [:] }
        let found = try await escalations(
            where: "e.alarm_cursor IN (\(databaseQuestionMarks(count: cursors.count)))", arguments: StatementArguments(cursors))
        return Dictionary(found.map { ($0.alarmCursor, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Why `escalation` must stop, when it must: someone acknowledged an alarm of its partition
    /// stored since it began, or the partition was disarmed since. `nil` while neither happened.
    public func reasonToStop(_ escalation: Escalation) async throws -> String? {
        try await database.writer.read { db in
            if let who = try Self.acknowledger(since: escalation.alarmCursor, partition: escalation.partition, in: db) {
                return "acknowledged by \(who)"
            }
            // Only the candidates are decoded: a chattering zone may have stored many events since.
            let codes = PanelState.disarmedPartitionCodes.sorted()
            let candidates = try String.fetchAll(
                db,
                sql: """
                    SELECT json FROM event WHERE cursor > ?
                    AND (type = 'disarmed' OR (type = 'info' AND json_extract(json, '$.code') IN (\(databaseQuestionMarks(count: codes.count)))))
                    AND COALESCE(json_extract(json, '$.partition'), ?) = ?
                    ORDER BY cursor
                    """,
                arguments: StatementArguments([escalation.alarmCursor] as [Int64])
                    + StatementArguments(codes)
                    + StatementArguments([Int64(PanelState.defaultPartition), Int64(escalation.partition)]))
            let disarmed = try candidates.contains { PanelState.arming(of: try AlarmEvent.decode(json: $0)) == .disarmed }
            return disarmed ? "partition \(escalation.partition) disarmed" : nil
        }
    }

    /// Records that step `step` of the escalation of the alarm at `cursor` was made at `time`
    /// with the event `eventID`; with `last`, the escalation stops there (the limit is reached).
    public func recordStep(
        _ step: Int, of cursor: Int64, eventID: UUID, time: Int64, last: Bool
    ) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO escalation_step (event_id, alarm_cursor, step, time) VALUES (?, ?, ?, ?)",
                arguments: [eventID.uuidString.lowercased(), cursor, step, time])
            try db.execute(
                sql: "UPDATE escalation SET steps = MAX(steps, ?) WHERE alarm_cursor = ?", arguments: [step, cursor])
            if last {
                try db.execute(
                    sql: "UPDATE escalation SET stopped_at = ?, stop_reason = ? WHERE alarm_cursor = ? AND stopped_at IS NULL",
                    arguments: [time, "limit reached: \(step) steps", cursor])
            }
        }
    }

    /// Stops the escalation of the alarm at `cursor` at `time` for `reason`, unless it stopped already.
    public func stop(_ cursor: Int64, time: Int64, reason: String) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: "UPDATE escalation SET stopped_at = ?, stop_reason = ? WHERE alarm_cursor = ? AND stopped_at IS NULL",
                arguments: [time, reason, cursor])
        }
    }

    /// The id of the alarm that the step with event id `eventID` escalated, when it is one.
    public func alarmID(ofStep eventID: UUID) async throws -> UUID? {
        try await database.writer.read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT e.alarm_id FROM escalation_step s JOIN escalation e ON e.alarm_cursor = s.alarm_cursor
                    WHERE s.event_id = ?
                    """,
                arguments: [eventID.uuidString.lowercased()])
        }.flatMap(UUID.init(uuidString:))
    }

    /// Deletes the escalations (and their steps) begun before `date`; returns how many.
    public func purge(before date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM escalation_step WHERE alarm_cursor IN (SELECT alarm_cursor FROM escalation WHERE created_at < ?)
                    """,
                arguments: [DatabaseTime(date)])
            try db.execute(sql: "DELETE FROM escalation WHERE created_at < ?", arguments: [DatabaseTime(date)])
            return db.changesCount
        }
    }

    /// The name of whoever first acknowledged an alarm of `partition` stored at or after `cursor`.
    private static func acknowledger(since cursor: Int64, partition: Int, in db: Database) throws -> String? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT a.token_name AS name, NULL AS device, a.time AS time FROM acknowledgement a
                JOIN event e ON e.cursor = a.cursor
                WHERE a.cursor >= ?1 AND e.type = 'alarm' AND COALESCE(json_extract(e.json, '$.partition'), ?3) = ?2
                UNION ALL
                SELECT d.device_name, d.device, d.time FROM device_acknowledgement d
                JOIN event e ON e.cursor = d.cursor
                WHERE d.cursor >= ?1 AND e.type = 'alarm' AND COALESCE(json_extract(e.json, '$.partition'), ?3) = ?2
                ORDER BY time LIMIT 1
                """,
            arguments: [cursor, partition, PanelState.defaultPartition]
        ).map { row in (row["name"] as String?) ?? "device \(row["device"] as String? ?? "?")" }
    }

    private func escalations(where condition: String, arguments: StatementArguments) async throws -> [Escalation] {
        try await database.writer.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT e.alarm_cursor, e.partition, e.started_at, e.stopped_at, e.stop_reason, ev.json
                    FROM escalation e JOIN event ev ON ev.cursor = e.alarm_cursor
                    WHERE \(condition) ORDER BY e.alarm_cursor
                    """,
                arguments: arguments)
            return try rows.map { row in
                let cursor: Int64 = row["alarm_cursor"]
                let steps = try Row.fetchAll(
                    db, sql: "SELECT step, event_id, time FROM escalation_step WHERE alarm_cursor = ? ORDER BY step",
                    arguments: [cursor]
                ).compactMap { step in
                    UUID(uuidString: step["event_id"]).map { Step(number: step["step"], eventID: $0, time: step["time"]) }
                }
                let stoppedAt: Int64? = row["stopped_at"]
                return Escalation(
                    alarmCursor: cursor, alarm: try AlarmEvent.decode(json: row["json"] as String), partition: row["partition"],
                    start: row["started_at"], steps: steps,
                    stop: stoppedAt.map { Stop(time: $0, reason: row["stop_reason"] as String? ?? "") })
            }
        }
    }
}
