#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64url (RFC 4648 §5) without padding: API tokens, Web Push keys and VAPID tokens.
package enum Base64URL {
    /// `bytes` in base64url without padding.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let standard = Data(bytes).base64EncodedString()
        return String(standard.lazy.filter { $0 != "=" }.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// The bytes of `text`, or `nil` when it is not base64. Lenient, as older browsers were:
    /// padding is optional, and the standard alphabet (`+`, `/`) is read as well.
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        guard standard.count % 4 != 1 else { return nil }
        if !standard.hasSuffix("=") {
            standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        }
        return Data(base64Encoded: standard).map(Array.init)
    }
}
