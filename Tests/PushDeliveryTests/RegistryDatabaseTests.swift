import AlarmCore
import Foundation
import GRDB
@testable import PushDelivery
import TestSupport
import Testing

/// Opening the push database: creation, migration, re-opening, refusing newer schemas.
struct RegistryDatabaseTests {
    @Test func freshFileInAMissingDirectoryIsCreatedMigratedAndInWALMode() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("var/lib/howalarming/push.sqlite")
            let database = try PushDatabase(path: path)
            #expect(try await database.schemaVersions() == ["v1", "v2", "v3"])
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func reopeningKeepsDevicesAndLedgerAndDoesNotMigrateAgain() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("push.sqlite")
            let eventID = UUID()
            let token = try DeviceToken(RegistryFixtures.apnsToken("c"), provider: .apns)
            do {
                let database = try PushDatabase(path: path)
                try await DeviceRegistry(database: database).add(platform: .ios, token: token.value, name: "Phone")
                try await DeliveryLedger(database: database).record(eventID: eventID, device: token, status: .delivered)
            }
            let reopened = try PushDatabase(path: path)
            #expect(try await reopened.schemaVersions() == ["v1", "v2", "v3"])
            #expect(try await DeviceRegistry(database: reopened).list().map(\.name) == ["Phone"])
            #expect(try await DeliveryLedger(database: reopened).deliveredDevices(eventID: eventID) == [token])
        }
    }

    @Test func aDatabaseFromANewerProgramIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("push.sqlite")
            let database = try PushDatabase(path: path)
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9')")
            }
            #expect {
                try PushDatabase(path: path)
            } throws: { error in
                (error as? RegistryError)?.code == .schemaTooNew && "\(error)".contains("v1, v2, v3, v9")
            }
        }
    }

    @Test func aPathWhoseDirectoryIsAFileFails() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appending("not-a-directory")
            #expect(FileManager.default.createFile(atPath: file, contents: Data()))
            #expect(throws: (any Error).self) { try PushDatabase(path: file + "/push.sqlite") }
        }
    }

    @Test func inMemoryDatabasesAreMigratedAndSeparate() async throws {
        let first = try PushDatabase.inMemory()
        let second = try PushDatabase.inMemory()
        #expect(try await first.schemaVersions() == ["v1", "v2", "v3"])
        try await DeviceRegistry(database: first).add(platform: .android, token: RegistryFixtures.fcmToken("x"))
        #expect(try await DeviceRegistry(database: second).list().isEmpty)
    }
}
