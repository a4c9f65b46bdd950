import AlarmStorage
import GRDB

/// The versioned schema; see ``VersionedDatabase/migrator(_:)``.
extension CommandDatabase {
    /// Every migration, in order.
    static let migrator = VersionedDatabase.migrator(["v1": version1, "v2": version2, "v3": version3, "v4": version4])

    /// Times are stored as GRDB writes dates: UTC text `yyyy-MM-dd HH:mm:ss.SSS`, which sorts in
    /// time order.
    ///
    /// - `event`: every event consumed, once per `event_id` (events without one, from old
    ///   producers, are all kept). `cursor` is the order of arrival and never reused
    ///   (`AUTOINCREMENT`), so a client can page with it. `json` is the canonical event.
    /// - `panel_state`: one row, the state derived from the events, written in the same
    ///   transaction as the event that changed it.
    /// - `api_token`: the SHA-256 of each token, never the token.
    /// - `command_audit`: every command the API queued, with the token that sent it.
    private static let version1 = """
        CREATE TABLE event (
            cursor INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT UNIQUE,
            json TEXT NOT NULL,
            received_at TEXT NOT NULL
        );
        CREATE INDEX event_by_time ON event (received_at);
        CREATE TABLE panel_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            json TEXT NOT NULL
        );
        CREATE TABLE api_token (
            name TEXT PRIMARY KEY,
            scope TEXT NOT NULL CHECK (scope IN ('read', 'control')),
            token_hash BLOB NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            last_used_at TEXT
        );
        CREATE TABLE command_audit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            command_id TEXT NOT NULL,
            token_name TEXT NOT NULL,
            command TEXT NOT NULL,
            partition INTEGER,
            address TEXT,
            at TEXT NOT NULL
        );
        CREATE INDEX command_audit_by_time ON command_audit (at);
        """

    /// The web console's additions:
    ///
    /// - `event.type`: the event's type, for the list of alarms (`GET /v1/deliveries`); filled in
    ///   for the events stored before.
    /// - `delivery`: the push consumer's latest report for each (event, device): the event's
    ///   stable id, the device id (never a token), the status and reason, attempts, the report's
    ///   time (Unix ms). Kept as long as the events.
    /// - `push_devices`: one row, the last `devices` report (its JSON, as re-encoded after
    ///   validation) and its time.
    /// - `acknowledgement`: who acknowledged which event (by cursor) and when (Unix ms), once per
    ///   (event, token name).
    private static let version2 = """
        ALTER TABLE event ADD COLUMN type TEXT;
        UPDATE event SET type = json_extract(json, '$.type');
        CREATE INDEX event_by_type ON event (type, cursor);
        CREATE TABLE delivery (
            event_id TEXT NOT NULL,
            device TEXT NOT NULL,
            event_type TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            attempts INTEGER NOT NULL,
            time INTEGER NOT NULL,
            received_at TEXT NOT NULL,
            PRIMARY KEY (event_id, device)
        );
        CREATE INDEX delivery_by_time ON delivery (received_at);
        CREATE TABLE push_devices (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            time INTEGER NOT NULL,
            json TEXT NOT NULL
        );
        CREATE TABLE acknowledgement (
            cursor INTEGER NOT NULL,
            token_name TEXT NOT NULL,
            time INTEGER NOT NULL,
            acknowledged_at TEXT NOT NULL,
            PRIMARY KEY (cursor, token_name)
        );
        CREATE INDEX acknowledgement_by_time ON acknowledgement (acknowledged_at);
        """

    /// Acknowledgement from a notification (docs/security.md, "Acknowledgement tokens"):
    ///
    /// - `ack_token`: the SHA-256 (base64url) of every acknowledgement token the push consumer
    ///   reported sending, with the event and device it was sent for; never a token. Kept as long
    ///   as the delivery reports.
    /// - `device_acknowledgement`: which device acknowledged which event (by cursor) with its
    ///   token, the device's name then, and when (Unix ms), once per (event, device).
    private static let version3 = """
        CREATE TABLE ack_token (
            token_hash TEXT PRIMARY KEY,
            event_id TEXT NOT NULL,
            device TEXT NOT NULL,
            received_at TEXT NOT NULL
        );
        CREATE INDEX ack_token_by_time ON ack_token (received_at);
        CREATE TABLE device_acknowledgement (
            cursor INTEGER NOT NULL,
            device TEXT NOT NULL,
            device_name TEXT,
            time INTEGER NOT NULL,
            acknowledged_at TEXT NOT NULL,
            PRIMARY KEY (cursor, device)
        );
        CREATE INDEX device_acknowledgement_by_time ON device_acknowledgement (acknowledged_at);
        """

    /// Escalation of alarms nobody acknowledges (docs/escalation.md):
    ///
    /// - `escalation`: one row per escalated alarm (by its cursor): its id and partition, when it
    ///   was stored (Unix ms, the start of the schedule), the steps made, and when and why it
    ///   stopped (`NULL` while it goes on).
    /// - `escalation_step`: each step made, with the id of its event and when (Unix ms); an
    ///   acknowledgement token sent with a step acknowledges the step's alarm.
    /// - `escalation_scan`: one row, the last event cursor looked at for new alarms; it starts at
    ///   the events already stored, so alarms from before the upgrade do not escalate.
    private static let version4 = """
        CREATE TABLE escalation (
            alarm_cursor INTEGER PRIMARY KEY,
            alarm_id TEXT NOT NULL,
            partition INTEGER NOT NULL,
            started_at INTEGER NOT NULL,
            steps INTEGER NOT NULL DEFAULT 0,
            stopped_at INTEGER,
            stop_reason TEXT,
            created_at TEXT NOT NULL
        );
        CREATE INDEX escalation_running ON escalation (stopped_at, partition);
        CREATE INDEX escalation_by_time ON escalation (created_at);
        CREATE TABLE escalation_step (
            event_id TEXT PRIMARY KEY,
            alarm_cursor INTEGER NOT NULL,
            step INTEGER NOT NULL,
            time INTEGER NOT NULL,
            UNIQUE (alarm_cursor, step)
        );
        CREATE TABLE escalation_scan (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            cursor INTEGER NOT NULL
        );
        INSERT INTO escalation_scan (id, cursor) SELECT 1, COALESCE(MAX(cursor), 0) FROM event;
        """
}
