import Foundation
import Synchronization

/// The access tokens the mock OAuth2 endpoint issued, until they expire or are revoked.
final class FCMAccessTokens: Sendable {
    private let expiries = Mutex<[String: Date]>([:])

    /// A new token, valid until `expiry`.
    func issue(expiringAt expiry: Date) -> String {
        let token = "ya29.mock-" + String((0..<32).map { _ in "0123456789abcdef".randomElement()! })
        expiries.withLock { $0[token] = expiry }
        return token
    }

    /// Whether `token` was issued, is not revoked and has not expired at `now`.
    func isValid(_ token: String, at now: Date) -> Bool {
        expiries.withLock { $0[token] }.map { now < $0 } ?? false
    }

    /// Makes every token issued so far invalid.
    func revokeAll() {
        expiries.withLock { $0.removeAll() }
    }
}
