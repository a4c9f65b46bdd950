#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import AlarmCore
import AlarmStorage
import GRDB

/// The phones and browsers that receive notifications: register, list, rename, remove, import
/// and prune devices.
///
/// Registering is idempotent: adding a token that is already registered re-registers it
/// (``RegisteredDevice/registeredAt`` moves to now; a given name or environment replaces the
/// stored one, and so does a given owner). A token is unique per provider. Each call is one
/// transaction.
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
    ///   - webPushKeys: For `web` devices (required), the subscription's keys; the token is its
    ///     endpoint. Re-registering replaces them. Must be `nil` for other platforms.
    ///   - owner: The name of the API token registering the device (``RegisteredDevice/owner``);
    ///     `nil` keeps a re-registered device's owner.
    /// - Throws: ``RegistryError`` for an invalid token, name, environment, subscription or owner;
    ///   database errors.
    @discardableResult
    public func add(
        platform: DevicePlatform, token: String, environment: APNSEnvironment? = nil, name: String? = nil,
        webPushKeys: WebPushKeys? = nil, owner: String? = nil
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
        try Self.check(webPushKeys, for: deviceToken)
        if let name { try Self.check(name: name) }
        if let owner { try Self.check(owner: owner) }
        return try await database.writer.write { db in
            try register(
                deviceToken, platform: platform, environment: environment, name: name, webPushKeys: webPushKeys,
                owner: owner, at: DatabaseTime.now(), in: db)
        }
    }

    /// Removes the device whose ``RegisteredDevice/id`` is `deviceID`. Returns whether one was.
    @discardableResult
    public func remove(deviceID: DeviceID) async throws -> Bool {
        try await database.writer.write { db in
            guard let token = try Self.token(ofDevice: deviceID, in: db) else { return false }
            try db.execute(
                sql: "DELETE FROM device WHERE provider = ? AND token = ?", arguments: [token.provider.rawValue, token.value])
            return true
        }
    }

    /// Names the device whose ``RegisteredDevice/id`` is `deviceID` (`""` removes its name).
    /// Returns whether there is such a device.
    ///
    /// - Throws: ``RegistryError`` for an invalid name; database errors.
    @discardableResult
    public func rename(deviceID: DeviceID, name: String) async throws -> Bool {
        try Self.check(name: name)
        return try await database.writer.write { db in
            guard let token = try Self.token(ofDevice: deviceID, in: db) else { return false }
            try db.execute(
                sql: "UPDATE device SET name = ? WHERE provider = ? AND token = ?",
                arguments: [name.isEmpty ? nil : name, token.provider.rawValue, token.value])
            return true
        }
    }

    /// The token of the device `deviceID`: ids are hashes, so every token is hashed (registries
    /// hold hundreds or thousands of devices, and renames are rare).
    private static func token(ofDevice deviceID: DeviceID, in db: Database) throws -> DeviceToken? {
        let rows = try Row.fetchCursor(db, sql: "SELECT provider, token FROM device")
        while let row = try rows.next() {
            let token = try row.deviceToken()
            if token.deviceID == deviceID { return token }
        }
        return nil
    }

    private static func check(name: String) throws(RegistryError) {
        do {
            try RegistrationMessage.validate(name: name)
        } catch {
            throw RegistryError(code: .invalidName, message: error.reason)
        }
    }

    private static func check(owner: String) throws(RegistryError) {
        do {
            try RegistrationMessage.validate(owner: owner)
        } catch {
            throw RegistryError(code: .invalidOwner, message: error.reason)
        }
    }

    /// Web devices need keys that encrypt (``WebPushSubscription``); other devices have none.
    private static func check(_ keys: WebPushKeys?, for token: DeviceToken) throws(RegistryError) {
        guard token.provider == .webPush else {
            if keys != nil {
                throw RegistryError(
                    code: .invalidSubscription, message: "only web devices have subscription keys, not \(token.provider)")
            }
            return
        }
        guard let keys else {
            throw RegistryError(
                code: .invalidSubscription, message: "a web device needs its subscription's keys (p256dh and auth)")
        }
        do {
            _ = try WebPushSubscription(endpoint: token.value, p256dh: keys.p256dh, auth: keys.auth)
        } catch {
            throw RegistryError(code: .invalidSubscription, message: error.message)
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
        webPushKeys: WebPushKeys? = nil, owner: String? = nil, at now: Date, in db: Database
    ) throws -> Registration {
        let newName = name.flatMap { $0.isEmpty ? nil : $0 }
        let exists = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM device WHERE provider = ? AND token = ?"),
            arguments: [token.provider.rawValue, token.value]) ?? false
        if exists {
            try db.cachedStatement(
                sql: """
                    UPDATE device SET registered_at = ?, environment = coalesce(?, environment),
                        name = CASE WHEN ? THEN ? ELSE name END,
                        p256dh = coalesce(?, p256dh), auth = coalesce(?, auth), owner = coalesce(?, owner)
                    WHERE provider = ? AND token = ?
                    """
            ).execute(
                arguments: [
                    DatabaseTime(now), environment?.rawValue, name != nil, newName, webPushKeys?.p256dh,
                    webPushKeys?.auth, owner, token.provider.rawValue, token.value,
                ])
            return .updated
        }
        let defaultEnvironment: APNSEnvironment? = platform.provider == .apns ? defaultEnvironment : nil
        try db.cachedStatement(
            sql: """
                INSERT INTO device
                    (provider, token, platform, environment, name, created_at, registered_at, p256dh, auth, owner)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                token.provider.rawValue, token.value, platform.rawValue,
                (environment ?? defaultEnvironment)?.rawValue, newName, DatabaseTime(now), DatabaseTime(now),
                webPushKeys?.p256dh, webPushKeys?.auth, owner,
            ])
        return .added
    }
}
