import AlarmCore
import Foundation
import GRDB
import TestSupport
import Testing

@testable import CommandAPI

/// Opening the command database, and the event store without HTTP.
@Suite struct CommandDatabaseTests {
    @Test func aFreshFileInAMissingDirectoryIsCreatedInWALMode() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("var/lib/howalarming/command.sqlite")
            let database = try CommandDatabase(path: path)
            #expect(try await TokenStore(database: database).list().isEmpty)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func aDatabaseFromANewerProgramIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("command.sqlite")
            try await CommandDatabase(path: path).writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v5')")
            }
            let error = #expect(throws: CommandStoreError.self) { try CommandDatabase(path: path) }
            #expect(error?.code == .schemaTooNew)
            #expect(error?.message == "the command database has schema versions v1, v2, v3, v4, v5, newer than this program knows (v1, v2, v3, v4)")
        }
    }

    @Test func eventsWithoutAnIDAreAllKeptAndCursorsHaveNoGaps() async throws {
        try await withTemporaryDirectory { directory in
            let store = EventStore(database: try CommandDatabase(path: directory.appending("command.sqlite")))
            let old = AlarmEvent(type: .alarm, code: "123", timestamp: 1_199_145_600)
            let new = AlarmEvent(type: .info, code: "609", timestamp: 1_700_000_000, id: UUID(), zone: 4)
            #expect(try await store.record(old) == .stored(cursor: 1))
            #expect(try await store.record(old) == .stored(cursor: 2))
            #expect(try await store.record(new) == .stored(cursor: 3))
            #expect(try await store.record(new) == .duplicate)
            #expect(try await store.record(AlarmEvent(type: .info, code: "610", timestamp: 1_700_000_001, id: UUID(), zone: 4)) == .stored(cursor: 4))
            #expect(try await store.events(after: 0, limit: 10).map(\.cursor) == [1, 2, 3, 4])
            #expect(try await store.events(after: 0, limit: 10)[2].event == new)
            let (state, last) = try await store.stateAndLastEvent()
            #expect(state.zones[4]?.value.open == false)
            #expect(last?.cursor == 4)
        }
    }

    @Test func purgingOldHistoryKeepsTheState() async throws {
        try await withTemporaryDirectory { directory in
            let database = try CommandDatabase(path: directory.appending("command.sqlite"))
            let store = EventStore(database: database)
            _ = try await store.record(AlarmEvent(type: .armed, code: "652", timestamp: 1_700_000_000, partition: 1))
            #expect(try await store.purge(receivedBefore: Date(timeIntervalSinceNow: 60)) == 1)
            let (state, last) = try await store.stateAndLastEvent()
            #expect(state.partitions[1]?.value == .armed)
            #expect(last == nil)
            #expect(try await CommandAudit(database: database).purge(before: Date()) == 0)
        }
    }
}
