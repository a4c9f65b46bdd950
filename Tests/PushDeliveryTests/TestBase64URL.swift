import Foundation

/// Base64url without padding, written apart from the library's, so that tests check its output
/// against an independent reading.
enum TestBase64URL {
    /// The bytes of `text`.
    static func decode(_ text: some StringProtocol) throws -> [UInt8] {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { throw NotBase64URL() }
        return Array(data)
    }

    /// `bytes` in base64url without padding.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    struct NotBase64URL: Error {}
}
