public import AlarmCore
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmStorage
import GRDB

/// The record of every command the API put on the queue: which token sent it, what, when, from
/// where. Never a code: the API sends only simple commands, which carry none.
public struct CommandAudit: Sendable {
    /// One audited command.
    public struct Entry: Sendable, Hashable {
        /// The command's `id`.
        public var commandID: UUID
        /// The name of the token that sent it.
        public var tokenName: String
        /// The simple command, such as `arm_stay`.
        public var command: SimpleCommand
        /// The partition, if the request named one.
        public var partition: Int?
        /// The client's address, if known.
        public var address: String?
        /// When it was queued.
        public var at: Date
    }

    let database: CommandDatabase

    /// The audit in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Records `entry`.
    func record(_ entry: Entry) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO command_audit (command_id, token_name, command, partition, address, at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.commandID.uuidString.lowercased(), entry.tokenName, entry.command.rawValue, entry.partition,
                    entry.address, DatabaseTime(entry.at),
                ])
        }
    }

    /// Every audited command, oldest first.
    public func entries() async throws -> [Entry] {
        try await database.writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT command_id, token_name, command, partition, address, at FROM command_audit ORDER BY id"
            ).compactMap { row in
                guard let id = UUID(uuidString: row["command_id"]), let command = SimpleCommand(rawValue: row["command"])
                else { return nil }
                return Entry(
                    commandID: id, tokenName: row["token_name"], command: command, partition: row["partition"],
                    address: row["address"], at: row.time("at"))
            }
        }
    }

    /// Deletes the entries recorded before `date`; returns how many.
    public func purge(before date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM command_audit WHERE at < ?", arguments: [DatabaseTime(date)])
            return db.changesCount
        }
    }
}
