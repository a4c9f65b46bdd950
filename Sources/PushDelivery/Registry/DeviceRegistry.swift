#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import AlarmCore
import AlarmStorage
import GRDB

/// The phones that receive notifications: register, list, remove, import and prune devices.
///
/// Registering is idempotent: adding a token that is already registered re-registers it
/// (``RegisteredDevice/registeredAt`` moves to now; a given name or environment replaces the
/// stored one). A token is unique per provider. Each call is one transaction.
///
/// Per-send bookkeeping (last success, last error) is written by
/// ``DeliveryLedger/record(eventID:device:status:reason:providerMessageID:latency:)`` in the same
/// transaction as the ledger row.
public struct DeviceRegistry: Sendable {
    /// What registering a token did.
    public enum Registration: Sendable, Hashable {
        /// The token was new.
        case added
        /// The token was registered already and has been re-registered.
        case updated
    }

    let database: PushDatabase
    /// The environment of APNs devices registered without one.
    public let defaultEnvironment: APNSEnvironment

    /// The registry in `database`; new APNs devices registered without an environment get
    /// `defaultEnvironment` (`production`: App Store and TestFlight builds).
    public init(database: PushDatabase, defaultEnvironment: APNSEnvironment = .production) {
        self.database = database
        self.defaultEnvironment = defaultEnvironment
    }

    /// Registers a device, or re-registers it when its token is already registered.
    ///
    /// - Parameters:
    ///   - platform: The phone's operating system; it decides the provider.
    ///   - token: The device token; validated and normalised as ``DeviceToken`` describes.
    ///   - environment: For iOS, the APNs environment of the token. `nil` keeps a re-registered
    ///     device's environment and gives a new one ``defaultEnvironment``. Must be `nil` for Android.
    ///   - name: A name for people; `nil` keeps a re-registered device's name, `""` removes it.
    /// - Throws: ``RegistryError`` for an invalid token, name or environment; database errors.
    @discardableResult
    public func add(
        platform: DevicePlatform, token: String, environment: APNSEnvironment? = nil, name: String? = nil
    ) async throws -> Registration {
        let deviceToken: DeviceToken
        do {
            deviceToken = try DeviceToken(token, provider: platform.provider)
        } catch {
            throw RegistryError(code: .invalidToken, message: error.reason)
        }
        if let environment, platform.provider != .apns {
            throw RegistryError(
                code: .environmentNotApplicable,
                message: "the \(environment) environment applies only to APNs (ios) devices, not \(platform)")
        }
        if let name {
            do {
                try RegistrationMessage.validate(name: name)
            } catch {
                throw RegistryError(code: .invalidName, message: error.reason)
            }
        }
        return try await database.writer.write { db in
            try register(deviceToken, platform: platform, environment: environment, name: name, at: DatabaseTime.now(), in: db)
        }
    }

    /// Removes the device with `token`, whatever its provider; an APNs token matches in any
    /// letter case. Returns whether a device was removed.
    @discardableResult
    public func remove(token: String) async throws -> Bool {
        let token = String(token.trimmingWhitespace)
        return try await database.writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM device
                    WHERE (provider = 'apns' AND token = lower(?)) OR (provider <> 'apns' AND token = ?)
                    """,
                arguments: [token, token])
            return db.changesCount > 0
        }
    }

    /// Every registered device, oldest registration first.
    public func list() async throws -> [RegisteredDevice] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM device ORDER BY created_at, id").map { row throws(RegistryError) in
                try RegisteredDevice(row: row)
            }
        }
    }

    /// Removes a device that its provider reported as no longer valid (APNs 410 `Unregistered`,
    /// FCM `UNREGISTERED` …), unless it was registered again since.
    ///
    /// A phone may re-register the same token while a request is in flight, or the provider's
    /// verdict may describe an older registration: the device is removed only if it was last
    /// (re)registered strictly before `repliedAt`.
    ///
    /// - Parameters:
    ///   - token: The device the provider rejected.
    ///   - repliedAt: When the provider saw the token become invalid: the `timestamp` of an APNs
    ///     410 reply; for replies without a timestamp, when the request was sent.
    /// - Returns: Whether the device was removed (`false` also when it was not registered).
    public func prune(_ token: DeviceToken, repliedAt: Date) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(
                sql: "DELETE FROM device WHERE provider = ? AND token = ? AND registered_at < ?",
                arguments: [token.provider.rawValue, token.value, DatabaseTime(repliedAt)])
            return db.changesCount > 0
        }
    }

    /// Inserts `token`, or re-registers it when present; shared by ``add(platform:token:environment:name:)``
    /// and ``import(tokens:platform:)``.
    func register(
        _ token: DeviceToken, platform: DevicePlatform, environment: APNSEnvironment?, name: String?,
        at now: Date, in db: Database
    ) throws -> Registration {
        let newName = name.flatMap { $0.isEmpty ? nil : $0 }
        let exists = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM device WHERE provider = ? AND token = ?"),
            arguments: [token.provider.rawValue, token.value]) ?? false
        if exists {
            try db.cachedStatement(
                sql: """
                    UPDATE device SET registered_at = ?, environment = coalesce(?, environment),
                        name = CASE WHEN ? THEN ? ELSE name END
                    WHERE provider = ? AND token = ?
                    """
            ).execute(
                arguments: [
                    DatabaseTime(now), environment?.rawValue, name != nil, newName,
                    token.provider.rawValue, token.value,
                ])
            return .updated
        }
        let defaultEnvironment: APNSEnvironment? = platform.provider == .apns ? defaultEnvironment : nil
        try db.cachedStatement(
            sql: """
                INSERT INTO device (provider, token, platform, environment, name, created_at, registered_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                token.provider.rawValue, token.value, platform.rawValue,
                (environment ?? defaultEnvironment)?.rawValue, newName, DatabaseTime(now), DatabaseTime(now),
            ])
        return .added
    }
}
