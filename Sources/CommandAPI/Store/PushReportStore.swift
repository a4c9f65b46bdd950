public import AlarmCore
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmStorage
import GRDB

/// What the push consumer reported (``PushReport``): the latest delivery status of each
/// (event, device), and the last device list. A view for the console; the push consumer's
/// ledger stays the truth.
public struct PushReportStore: Sendable {
    let database: CommandDatabase

    /// The reports in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Keeps `report` as the event's status for its device, unless a later report is kept already
    /// (reports may arrive out of order after a retry), and the hash of the acknowledgement token
    /// it carries (every one: the phone shows whichever attempt reached it last).
    public func record(_ report: DeliveryReport) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO delivery (event_id, device, event_type, status, reason, attempts, time, received_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (event_id, device) DO UPDATE SET
                        event_type = excluded.event_type, status = excluded.status, reason = excluded.reason,
                        attempts = excluded.attempts, time = excluded.time, received_at = excluded.received_at
                    WHERE (excluded.time, excluded.attempts) >= (delivery.time, delivery.attempts)
                    """,
                arguments: [
                    report.eventID.uuidString.lowercased(), report.device.description, report.eventType.rawValue,
                    report.status.rawValue, report.reason, report.attempts, report.time, DatabaseTime(Date()),
                ])
            if let hash = report.ackTokenHash {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO ack_token (token_hash, event_id, device, received_at) VALUES (?, ?, ?, ?)",
                    arguments: [hash, report.eventID.uuidString.lowercased(), report.device.description, DatabaseTime(Date())])
            }
        }
    }

    /// Keeps `report` as the device list, unless a later one is kept already.
    public func record(_ report: DevicesReport) async throws {
        let json = String(decoding: PushReport.devices(report).jsonBytes(), as: UTF8.self)
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO push_devices (id, time, json) VALUES (1, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET time = excluded.time, json = excluded.json
                    WHERE excluded.time >= push_devices.time
                    """,
                arguments: [report.time, json])
        }
    }

    /// The last device list; `nil` before the first report.
    public func devices() async throws -> DevicesReport? {
        let json = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM push_devices WHERE id = 1")
        }
        guard let json, case .devices(let report) = try PushReport.decode(json: json) else { return nil }
        return report
    }

    /// The kept delivery reports of the events with `eventIDs`, by event id.
    public func deliveries(of eventIDs: [UUID]) async throws -> [UUID: [DeliveryReport]] {
        guard !eventIDs.isEmpty else { return [:] }
        let ids = eventIDs.map { $0.uuidString.lowercased() }
        let reports = try await database.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT event_id, device, event_type, status, reason, attempts, time FROM delivery
                    WHERE event_id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY event_id, device
                    """,
                arguments: StatementArguments(ids)
            ).compactMap(Self.report)
        }
        return Dictionary(grouping: reports, by: \.eventID)
    }

    /// A `delivery` row as a report; `nil` for one this version cannot read.
    private static func report(_ row: Row) -> DeliveryReport? {
        guard let eventID = UUID(uuidString: row["event_id"]), let device = DeviceID(row["device"] as String),
            let type = EventType(rawValue: row["event_type"]), let status = DeliveryStatus(rawValue: row["status"])
        else { return nil }
        return DeliveryReport(
            eventID: eventID, eventType: type, device: device, status: status, reason: row["reason"],
            attempts: row["attempts"], time: row["time"])
    }

    /// Deletes the delivery reports and acknowledgement token hashes received before `date`;
    /// returns how many reports. The device list is kept.
    public func purge(receivedBefore date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM ack_token WHERE received_at < ?", arguments: [DatabaseTime(date)])
            try db.execute(sql: "DELETE FROM delivery WHERE received_at < ?", arguments: [DatabaseTime(date)])
            return db.changesCount
        }
    }

    /// The event and device the acknowledgement token with the SHA-256 `hash` (base64url) was
    /// sent for, or `nil` when no report named it.
    public func ackToken(hash: String) async throws -> (eventID: UUID, device: DeviceID)? {
        let sent = try await database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT event_id, device FROM ack_token WHERE token_hash = ?", arguments: [hash])
                .map { row in (eventID: row["event_id"] as String, device: row["device"] as String) }
        }
        guard let sent, let eventID = UUID(uuidString: sent.eventID), let device = DeviceID(sent.device) else { return nil }
        return (eventID, device)
    }
}
