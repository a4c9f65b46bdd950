#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore
import AlarmStorage
import GRDB

/// Reading the registry's own column types back from rows.
extension Row {
    /// The enum stored as its raw value in `column`; `nil` for SQL `NULL`.
    func optionalChoice<Choice: RawRepresentable<String>>(_ column: String) throws(RegistryError) -> Choice? {
        guard let text: String = self[column] else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw RegistryError(
                code: .unreadableRow, message: "column \(column) holds \(text.quotedExcerpt()), which the schema does not allow")
        }
        return choice
    }

    /// The enum stored as its raw value in the `NOT NULL` column `column`.
    func choice<Choice: RawRepresentable<String>>(_ column: String) throws(RegistryError) -> Choice {
        guard let choice: Choice = try optionalChoice(column) else {
            throw RegistryError(code: .unreadableRow, message: "column \(column) is NULL, which the schema does not allow")
        }
        return choice
    }

    /// The device token in the `provider` and `token` columns.
    func deviceToken() throws(RegistryError) -> DeviceToken {
        DeviceToken(provider: try choice("provider"), storedValue: self["token"])
    }
}

extension RegisteredDevice {
    /// A row of the `device` table.
    init(row: Row) throws(RegistryError) {
        self.init(
            token: try row.deviceToken(),
            platform: try row.choice("platform"),
            environment: try row.optionalChoice("environment"),
            name: row["name"],
            createdAt: row.time("created_at"),
            registeredAt: row.time("registered_at"),
            lastSuccessAt: row.optionalTime("last_success_at"),
            lastError: row["last_error"],
            lastErrorAt: row.optionalTime("last_error_at"),
            webPushKeys: Self.webPushKeys(row),
            owner: row["owner"])
    }

    private static func webPushKeys(_ row: Row) -> WebPushKeys? {
        guard let p256dh: String = row["p256dh"], let auth: String = row["auth"] else { return nil }
        return WebPushKeys(storedP256dh: p256dh, storedAuth: auth)
    }
}
