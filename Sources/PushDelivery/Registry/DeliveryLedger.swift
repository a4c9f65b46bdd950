#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import AlarmCore
import AlarmStorage
import GRDB

/// Every delivery attempt, per event and device: the record of whether the owner was notified,
/// and what makes delivery exactly once per device.
///
/// A job can be handled more than once: after a crash or a lost reservation (TTR), after a
/// release for a retry, or when the same event was put twice. Before sending, the consumer asks
/// ``finishedDevices(eventID:)`` and skips those devices (see ``FanOutPlan``). Each attempt is
/// recorded as soon as its reply arrives; attempts recorded at the same time by concurrent sends
/// share one transaction (a group commit), and each call returns once its own is committed.
public struct DeliveryLedger: Sendable {
    let database: PushDatabase
    private let commits: GroupCommit<NewAttempt, DeliveryAttempt>

    /// The ledger in `database`.
    public init(database: PushDatabase) {
        self.database = database
        commits = GroupCommit { attempts in
            try await database.writer.write { db in try attempts.map { try Self.insert($0, into: db) } }
        }
    }

    /// An attempt before it is numbered and stamped.
    private struct NewAttempt: Sendable {
        let eventID: UUID
        let device: DeviceToken
        let status: DeliveryStatus
        let reason: String?
        let providerMessageID: String?
        let latency: Duration?
    }

    /// Records one attempt and returns it, numbered after the earlier attempts for the same
    /// event and device.
    ///
    /// In the same transaction it updates the device's health in the registry:
    /// ``RegisteredDevice/lastSuccessAt`` when delivered, otherwise ``RegisteredDevice/lastError``
    /// (`reason`, or the status when there is none) and ``RegisteredDevice/lastErrorAt``.
    /// A device that is no longer registered is left alone; its attempt is still recorded.
    @discardableResult
    public func record(
        eventID: UUID, device: DeviceToken, status: DeliveryStatus, reason: String? = nil,
        providerMessageID: String? = nil, latency: Duration? = nil
    ) async throws -> DeliveryAttempt {
        try await commits.submit(NewAttempt(
            eventID: eventID, device: device, status: status, reason: reason, providerMessageID: providerMessageID,
            latency: latency))
    }

    private static func insert(_ new: NewAttempt, into db: Database) throws -> DeliveryAttempt {
        let deviceArguments: StatementArguments = [new.device.provider.rawValue, new.device.value]
        let previous = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM delivery WHERE event_id = ? AND provider = ? AND token = ?"),
            arguments: [key(new.eventID)] + deviceArguments) ?? 0
        let attempt = DeliveryAttempt(
            eventID: new.eventID, device: new.device, attempt: previous + 1, status: new.status, reason: new.reason,
            providerMessageID: new.providerMessageID, latency: new.latency.map(stored), at: DatabaseTime.now())
        try db.cachedStatement(
            sql: """
                INSERT INTO delivery
                    (event_id, provider, token, attempt, status, reason, provider_message_id, latency_ms, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            key(new.eventID), new.device.provider.rawValue, new.device.value, attempt.attempt, new.status.rawValue,
            new.reason, new.providerMessageID, attempt.latency.map(milliseconds), DatabaseTime(attempt.at),
        ])
        if new.status == .delivered {
            try db.cachedStatement(sql: "UPDATE device SET last_success_at = ? WHERE provider = ? AND token = ?")
                .execute(arguments: [DatabaseTime(attempt.at)] + deviceArguments)
        } else {
            try db.cachedStatement(
                sql: "UPDATE device SET last_error = ?, last_error_at = ? WHERE provider = ? AND token = ?"
            ).execute(arguments: [new.reason ?? new.status.rawValue, DatabaseTime(attempt.at)] + deviceArguments)
        }
        return attempt
    }

    /// The devices that `eventID` has been delivered to.
    public func deliveredDevices(eventID: UUID) async throws -> Set<DeviceToken> {
        try await devices(eventID: eventID, statuses: "'delivered'")
    }

    /// The devices done with `eventID`: delivered, refused for good (`failed`) or pruned. A
    /// retried or redelivered job skips them: a final outcome is final.
    public func finishedDevices(eventID: UUID) async throws -> Set<DeviceToken> {
        try await devices(eventID: eventID, statuses: "'delivered', 'failed', 'pruned'")
    }

    /// The devices with an attempt for `eventID` whose status is one of `statuses` (SQL literals).
    private func devices(eventID: UUID, statuses: String) async throws -> Set<DeviceToken> {
        try await database.writer.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT provider, token FROM delivery WHERE event_id = ? AND status IN (\(statuses))",
                arguments: [Self.key(eventID)])
            var devices = Set<DeviceToken>()
            while let row = try rows.next() {
                devices.insert(try row.deviceToken())
            }
            return devices
        }
    }

    /// The attempts to deliver `eventID` to `device`, oldest first.
    public func attempts(eventID: UUID, device: DeviceToken) async throws -> [DeliveryAttempt] {
        try await fetch(
            where: "event_id = ? AND provider = ? AND token = ?",
            arguments: [Self.key(eventID), device.provider.rawValue, device.value])
    }

    /// Every attempt to deliver `eventID`, to any device, in the order they were recorded.
    public func history(eventID: UUID) async throws -> [DeliveryAttempt] {
        try await fetch(where: "event_id = ?", arguments: [Self.key(eventID)])
    }

    /// Deletes the attempts (and the ``Audience`` records) recorded before `cutoff` and returns
    /// how many attempts there were.
    ///
    /// Exactly-once delivery needs an event's rows only while its job can still come back, which
    /// is minutes to hours; the retention (`push.ledger_retention_days`) is far longer, for audits.
    @discardableResult
    public func purge(recordedBefore cutoff: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM audience WHERE at < ?", arguments: [DatabaseTime(cutoff)])
            try db.execute(sql: "DELETE FROM delivery WHERE at < ?", arguments: [DatabaseTime(cutoff)])
            return db.changesCount
        }
    }

    /// The audience of `eventID`: the one recorded by an earlier run of its job, or else
    /// `proposal`, recorded now. Every run of a job, and every copy of the event, thus goes to
    /// the same audience.
    public func audience(eventID: UUID, proposal: Audience) async throws -> Audience {
        let proposed: String? = if case .owner(let owner) = proposal { owner } else { nil }
        return try await database.writer.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO audience (event_id, owner, at) VALUES (?, ?, ?)",
                arguments: [Self.key(eventID), proposed, DatabaseTime(DatabaseTime.now())])
            let owner = try String.fetchOne(
                db, sql: "SELECT owner FROM audience WHERE event_id = ?", arguments: [Self.key(eventID)])
            return owner.map(Audience.owner) ?? .everyone
        }
    }

    private func fetch(where condition: String, arguments: StatementArguments) async throws -> [DeliveryAttempt] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM delivery WHERE \(condition) ORDER BY id", arguments: arguments)
                .map { row throws(RegistryError) in try Self.attempt(row) }
        }
    }

    private static func attempt(_ row: Row) throws(RegistryError) -> DeliveryAttempt {
        let key: String = row["event_id"]
        guard let eventID = UUID(uuidString: key) else {
            throw RegistryError(code: .unreadableRow, message: "delivery event_id \(key.quotedExcerpt()) is not a UUID")
        }
        let latency: Double? = row["latency_ms"]
        return DeliveryAttempt(
            eventID: eventID, device: try row.deviceToken(), attempt: row["attempt"], status: try row.choice("status"),
            reason: row["reason"], providerMessageID: row["provider_message_id"],
            latency: latency.map { .milliseconds($0) }, at: row.time("at"))
    }

    /// An event id as stored: lower-case text, as in the event format.
    private static func key(_ eventID: UUID) -> String {
        eventID.uuidString.lowercased()
    }

    /// `duration` as read back from its stored milliseconds.
    private static func stored(_ duration: Duration) -> Duration {
        .milliseconds(milliseconds(duration))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
