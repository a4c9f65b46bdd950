import Foundation

/// A JWT in compact serialization (`header.claims.signature`), split and decoded but not
/// verified: the checks decide what to trust.
struct CompactJWT {
    /// The header fields the checks read.
    struct Header: Decodable {
        let alg: String
        let kid: String?
    }

    let header: Header
    /// The decoded claims JSON.
    let claims: Data
    /// What the signature signs: `header.claims`, as sent.
    let signingInput: Data
    /// The decoded signature.
    let signature: Data

    /// The parts of `token`, or `nil` when it is not three base64url parts with a JSON header.
    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerJSON = Self.base64URLDecoded(parts[0]),
            let header = try? JSONDecoder().decode(Header.self, from: headerJSON),
            let claims = Self.base64URLDecoded(parts[1]),
            let signature = Self.base64URLDecoded(parts[2])
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        self.signature = signature
    }

    /// The claims as `Claims`, or `nil` when they do not decode (a missing claim, a string
    /// where an integer belongs).
    func claims<Claims: Decodable>(as type: Claims.Type) -> Claims? {
        try? JSONDecoder().decode(type, from: claims)
    }

    /// Unpadded base64url (RFC 7515) → bytes.
    static func base64URLDecoded(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
