import AlarmStorage
import GRDB

/// The versioned schema; see ``VersionedDatabase/migrator(_:)``.
extension PushDatabase {
    /// Every migration, in order.
    static let migrator = VersionedDatabase.migrator(["v1": version1, "v2": version2, "v3": version3])

    /// Devices and the delivery ledger. Times are stored as GRDB writes dates: UTC text
    /// `yyyy-MM-dd HH:mm:ss.SSS`, which sorts and compares in time order.
    ///
    /// Ledger rows name their device by (provider, token) rather than a foreign key, so a
    /// device's history outlives the device when it is pruned or removed.
    private static let version1 = """
        CREATE TABLE device (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            provider TEXT NOT NULL CHECK (provider IN ('apns', 'fcm')),
            token TEXT NOT NULL,
            platform TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
            environment TEXT CHECK (environment IN ('sandbox', 'production')),
            name TEXT,
            created_at TEXT NOT NULL,
            registered_at TEXT NOT NULL,
            last_success_at TEXT,
            last_error TEXT,
            last_error_at TEXT,
            UNIQUE (provider, token)
        );
        CREATE TABLE delivery (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT NOT NULL,
            provider TEXT NOT NULL CHECK (provider IN ('apns', 'fcm')),
            token TEXT NOT NULL,
            attempt INTEGER NOT NULL CHECK (attempt >= 1),
            status TEXT NOT NULL CHECK (status IN ('delivered', 'failed', 'pruned', 'retrying')),
            reason TEXT,
            provider_message_id TEXT,
            latency_ms REAL,
            at TEXT NOT NULL
        );
        CREATE INDEX delivery_by_event_device ON delivery (event_id, token, provider);
        CREATE INDEX delivery_by_time ON delivery (at);
        """

    /// Web Push: the `webpush` provider and `web` platform, and the subscription keys
    /// (`p256dh`, `auth`, base64url) of web devices, whose token is the endpoint. SQLite cannot
    /// change a `CHECK` constraint, so both tables are rebuilt with their rows.
    private static let version2 = """
        CREATE TABLE device_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            provider TEXT NOT NULL CHECK (provider IN ('apns', 'fcm', 'webpush')),
            token TEXT NOT NULL,
            platform TEXT NOT NULL CHECK (platform IN ('ios', 'android', 'web')),
            environment TEXT CHECK (environment IN ('sandbox', 'production')),
            name TEXT,
            created_at TEXT NOT NULL,
            registered_at TEXT NOT NULL,
            last_success_at TEXT,
            last_error TEXT,
            last_error_at TEXT,
            p256dh TEXT,
            auth TEXT,
            UNIQUE (provider, token),
            CHECK ((provider = 'webpush') = (p256dh IS NOT NULL AND auth IS NOT NULL))
        );
        INSERT INTO device_v2 (
            id, provider, token, platform, environment, name, created_at, registered_at, last_success_at,
            last_error, last_error_at)
        SELECT id, provider, token, platform, environment, name, created_at, registered_at, last_success_at,
            last_error, last_error_at
        FROM device;
        DROP TABLE device;
        ALTER TABLE device_v2 RENAME TO device;
        CREATE TABLE delivery_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            event_id TEXT NOT NULL,
            provider TEXT NOT NULL CHECK (provider IN ('apns', 'fcm', 'webpush')),
            token TEXT NOT NULL,
            attempt INTEGER NOT NULL CHECK (attempt >= 1),
            status TEXT NOT NULL CHECK (status IN ('delivered', 'failed', 'pruned', 'retrying')),
            reason TEXT,
            provider_message_id TEXT,
            latency_ms REAL,
            at TEXT NOT NULL
        );
        INSERT INTO delivery_v2 SELECT * FROM delivery;
        DROP TABLE delivery;
        ALTER TABLE delivery_v2 RENAME TO delivery;
        CREATE INDEX delivery_by_event_device ON delivery (event_id, token, provider);
        CREATE INDEX delivery_by_time ON delivery (at);
        """

    /// Answers to the person who asked: each device's `owner`, the name of the API token that
    /// registered it (`NULL` for devices registered before, or by the `devices` commands); and
    /// `audience`, the audience decided for each event that answers a command, so that a retried
    /// job goes to the same devices (``Audience``). `owner` is `NULL` there when the event goes
    /// to every device. Rows are purged with the ledger's.
    private static let version3 = """
        ALTER TABLE device ADD COLUMN owner TEXT;
        CREATE TABLE audience (
            event_id TEXT PRIMARY KEY,
            owner TEXT,
            at TEXT NOT NULL
        );
        CREATE INDEX audience_by_time ON audience (at);
        """
}
