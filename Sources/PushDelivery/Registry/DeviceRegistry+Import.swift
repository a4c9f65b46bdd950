public import AlarmCore
import AlarmStorage
import GRDB

/// Importing many tokens at once, for migrating an existing app's users.
extension DeviceRegistry {
    /// Registers one token per line, all in one transaction.
    ///
    /// Surrounding whitespace is ignored; blank lines and lines starting with `#` are skipped.
    /// Every other line must be a valid token for `platform` (see ``DeviceToken``); invalid
    /// lines are reported with their line numbers and the rest are still imported. iOS tokens
    /// are registered in the `production` APNs environment, or keep the environment of an
    /// earlier registration; names are left as they are.
    ///
    /// - Parameter tokens: The lines, for example a file's contents split at line breaks.
    /// - Throws: ``RegistryError`` ``RegistryError/Code/invalidSubscription`` for `web`, whose
    ///   devices need their subscription's keys besides the endpoint: they are added one at a time.
    public func `import`(tokens: some Sequence<String>, platform: DevicePlatform) async throws -> ImportSummary {
        guard platform != .web else {
            throw RegistryError(
                code: .invalidSubscription,
                message: "web devices cannot be imported from tokens: add each with its subscription (devices add --platform web --subscription FILE)")
        }
        var valid: [DeviceToken] = []
        var summary = ImportSummary()
        for (index, line) in tokens.enumerated() {
            let text = line.trimmingWhitespace
            if text.isEmpty || text.hasPrefix("#") { continue }
            do {
                valid.append(try DeviceToken(text, provider: platform.provider))
            } catch {
                summary.invalid.append(.init(line: index + 1, reason: error.reason))
            }
        }
        let registrations = try await database.writer.write { [valid] db in
            let now = DatabaseTime.now()
            return try valid.map { token in
                try register(token, platform: platform, environment: nil, name: nil, at: now, in: db)
            }
        }
        summary.added = registrations.count { $0 == .added }
        summary.updated = registrations.count { $0 == .updated }
        return summary
    }
}
