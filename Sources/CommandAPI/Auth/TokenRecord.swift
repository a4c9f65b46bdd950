#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A stored API token as `tokens list` shows it: never the token itself.
public struct TokenRecord: Sendable, Hashable {
    /// The token's name.
    public var name: String
    /// What it may do.
    public var scope: TokenScope
    /// When it was created.
    public var createdAt: Date
    /// When a request last authenticated with it (updated at most once a minute), if ever.
    public var lastUsedAt: Date?

    /// A record.
    public init(name: String, scope: TokenScope, createdAt: Date, lastUsedAt: Date?) {
        self.name = name
        self.scope = scope
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
