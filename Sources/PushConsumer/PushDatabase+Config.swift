public import AlarmCore
import Foundation
public import PushDelivery

extension PushDatabase {
    /// Opens (or creates) the database at `push.database`; a failure is a ``ConfigError`` naming
    /// the key, the path and the reason.
    public static func open(configuredBy push: PushConfig) throws(ConfigError) -> PushDatabase {
        try open(path: push.database, keyPath: "push.database")
    }

    /// Opens (or creates) the database at `path`; a failure is a ``ConfigError`` at `keyPath`.
    public static func open(path: String, keyPath: String?) throws(ConfigError) -> PushDatabase {
        do {
            return try PushDatabase(path: path)
        } catch let error as RegistryError {
            throw ConfigError(keyPath: keyPath, reason: "cannot use the device database \(path): \(error.message)")
        } catch {
            throw ConfigError(
                keyPath: keyPath, reason: "cannot open the device database \(path): \(error.localizedDescription)")
        }
    }
}
