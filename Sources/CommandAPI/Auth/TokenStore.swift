#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmStorage
import GRDB

/// The API tokens: create, list, revoke, and check the token a request carries.
///
/// Tokens are kept as SHA-256 hashes. Checking a token reads every stored hash (there are only a
/// few) and compares each in constant time, so the time taken does not depend on how close a
/// guess was. Revoking takes effect at the next request: nothing is cached.
public struct TokenStore: Sendable {
    /// Longest token name, in characters.
    public static let nameMaximumLength = 64
    /// How stale `last_used_at` may get before a request updates it.
    static let lastUseResolution: TimeInterval = 60

    let database: CommandDatabase

    /// The tokens in `database`.
    public init(database: CommandDatabase) {
        self.database = database
    }

    /// Creates a token named `name` with `scope` and returns it: the only time it is available.
    ///
    /// - Throws: ``CommandStoreError`` ``CommandStoreError/Code/invalidTokenName`` for a name that is
    ///   not 1–64 characters of `A-Z a-z 0-9 . _ -`, ``CommandStoreError/Code/duplicateTokenName``
    ///   when the name is taken; database errors.
    public func create(name: String, scope: TokenScope) async throws -> APIToken {
        try Self.validate(name: name)
        let token = APIToken.generate()
        try await database.writer.write { db in
            let taken = try Bool.fetchOne(db, sql: "SELECT 1 FROM api_token WHERE name = ?", arguments: [name]) ?? false
            if taken {
                throw CommandStoreError(
                    code: .duplicateTokenName, message: "a token named \(name) exists; revoke it first or choose another name")
            }
            try db.execute(
                sql: "INSERT INTO api_token (name, scope, token_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, scope.rawValue, Data(token.hash), DatabaseTime(Date())])
        }
        return token
    }

    /// Every token, by name.
    public func list() async throws -> [TokenRecord] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT name, scope, created_at, last_used_at FROM api_token ORDER BY name")
                .map { row in
                    TokenRecord(
                        name: row["name"], scope: TokenScope(rawValue: row["scope"]) ?? .read,
                        createdAt: row.time("created_at"), lastUsedAt: row.optionalTime("last_used_at"))
                }
        }
    }

    /// Deletes the token named `name`; returns whether there was one.
    @discardableResult
    public func revoke(name: String) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM api_token WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// The caller holding `token`, or `nil` when no stored token matches (wrong or revoked).
    /// Records the use, at most once a minute per token.
    public func authenticate(_ token: APIToken) async throws -> Caller? {
        let hash = token.hash
        let stored = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT name, scope, token_hash, last_used_at FROM api_token").map { row in
                StoredHash(name: row["name"], scope: row["scope"], hash: row["token_hash"], lastUsedAt: row.optionalTime("last_used_at"))
            }
        }
        var match: StoredHash?
        for candidate in stored where ConstantTime.equals(candidate.hash, hash) {
            match = candidate  // no early exit: every stored hash is compared
        }
        guard let match, let scope = TokenScope(rawValue: match.scope) else { return nil }
        let caller = Caller(tokenName: match.name, scope: scope)
        if match.lastUsedAt.map({ -$0.timeIntervalSinceNow >= Self.lastUseResolution }) ?? true {
            try await database.writer.write { db in
                try db.execute(
                    sql: "UPDATE api_token SET last_used_at = ? WHERE name = ?",
                    arguments: [DatabaseTime(Date()), caller.tokenName])
            }
        }
        return caller
    }

    /// A stored token's hash and what it grants.
    private struct StoredHash: Sendable {
        let name: String
        let scope: String
        let hash: Data
        let lastUsedAt: Date?
    }

    /// Throws unless `name` is 1–64 characters from `A-Z a-z 0-9 . _ -`.
    static func validate(name: String) throws(CommandStoreError) {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
        }
        guard !name.isEmpty, name.count <= nameMaximumLength, allowed else {
            throw CommandStoreError(
                code: .invalidTokenName,
                message: "a token name is 1 to \(nameMaximumLength) characters from A-Z a-z 0-9 . _ -")
        }
    }
}
