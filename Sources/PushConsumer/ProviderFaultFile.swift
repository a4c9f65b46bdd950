import AlarmCore
import Logging
import PushDelivery
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The provider faults (halts not yet followed by a delivery) that were told, kept beside the
/// push database (`push.database` + `.faults`, JSON `{"apns":"InvalidProviderToken"}`), so that a
/// restart neither tells a fault again nor forgets to tell its end: the usual fix for refused
/// credentials is a new configuration and a restart, whose first delivery is then the `recovery`.
///
/// Written (atomically, synced) only when a fault begins or ends. A file that cannot be read is
/// logged and treated as empty: at worst a fault is told again, or its end not told.
final class ProviderFaultFile: Sendable {
    let path: String
    private let logger: Logger
    private let faults: Mutex<[PushProvider: String]>

    /// Reads the file at `path` (none: no fault).
    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
        faults = Mutex(Self.read(path, logger: logger))
    }

    /// The file beside the database at `databasePath`.
    static func path(besideDatabase databasePath: String) -> String {
        databasePath + ".faults"
    }

    /// The faults told and not yet ended, by provider.
    var current: [PushProvider: String] { faults.withLock { $0 } }

    /// A fault of `provider` began (`reason`).
    func began(_ provider: PushProvider, reason: String) {
        save { $0[provider] = reason }
    }

    /// The fault of `provider` ended.
    func ended(_ provider: PushProvider) {
        save { $0[provider] = nil }
    }

    /// Applies `change` and writes the file (synced: this runs once per fault, on the sending path).
    private func save(_ change: (inout [PushProvider: String]) -> Void) {
        let bytes = faults.withLock { faults in
            change(&faults)
            return Self.encode(faults)
        }
        do {
            try DurableFile().replace(path, with: bytes)
        } catch {
            logger.error(
                "the provider faults cannot be saved: after a restart they may be told again, or their end not told",
                metadata: ["path": "\(path)", "error": "\(error.operation): \(error.reason)"])
        }
    }

    /// The file's JSON: provider → reason.
    static func encode(_ faults: [PushProvider: String]) -> [UInt8] {
        let object = Dictionary(uniqueKeysWithValues: faults.map { ($0.key.rawValue, $0.value) })
        return Array((try? JSONEncoder().encode(object)) ?? Data("{}".utf8))
    }

    /// The faults in the file's JSON, unknown providers left out; `nil` when it is not such JSON.
    static func decode(_ bytes: Data) -> [PushProvider: String]? {
        guard let object = try? JSONDecoder().decode([String: String].self, from: bytes) else { return nil }
        return Dictionary(uniqueKeysWithValues: object.compactMap { key, reason in
            PushProvider(rawValue: key).map { ($0, reason) }
        })
    }

    private static func read(_ path: String, logger: Logger) -> [PushProvider: String] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let bytes = FileManager.default.contents(atPath: path), let faults = decode(bytes) else {
            logger.warning("the provider faults file cannot be read: starting without", metadata: ["path": "\(path)"])
            return [:]
        }
        return faults
    }
}
