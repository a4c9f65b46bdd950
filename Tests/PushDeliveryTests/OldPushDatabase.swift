import AlarmCore
import Foundation
import GRDB
@testable import PushDelivery

/// A push database an older release left: its schema up to a version, one iPhone ("Old phone",
/// sandbox) and one delivery to it. For the migration tests.
enum OldPushDatabase {
    /// Writes it at `path`, migrated up to `version` (`"v1"`, `"v2"`, …), with `token`'s phone
    /// and its delivery of `eventID`.
    static func write(at path: String, upTo version: String, token: DeviceToken, deliveredEvent eventID: UUID) async throws {
        let queue = try DatabaseQueue(path: path)
        try PushDatabase.migrator.migrate(queue, upTo: version)
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO device (provider, token, platform, environment, name, created_at, registered_at)
                    VALUES ('apns', ?, 'ios', 'sandbox', 'Old phone', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """,
                arguments: [token.value])
            try db.execute(
                sql: """
                    INSERT INTO delivery (event_id, provider, token, attempt, status, at)
                    VALUES (?, 'apns', ?, 1, 'delivered', '2026-01-01 00:00:01.000')
                    """,
                arguments: [eventID.uuidString.lowercased(), token.value])
        }
    }
}
