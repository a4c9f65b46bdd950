import Foundation

/// The unverified parts of a compact JWT, for checking what was signed.
struct JWTInspection {
    let header: [String: Any]
    let claims: [String: Any]
    /// The claims as signed, to check that times are integers.
    let claimsText: String

    init(_ jwt: String) throws {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw InspectionError.notCompact }
        header = try Fixtures.object(Self.base64URLDecoded(parts[0]))
        let claimsBytes = try Self.base64URLDecoded(parts[1])
        claims = try Fixtures.object(claimsBytes)
        claimsText = String(decoding: claimsBytes, as: UTF8.self)
    }

    private static func base64URLDecoded(_ part: Substring) throws -> [UInt8] {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: text) else { throw InspectionError.notBase64URL }
        return Array(data)
    }

    enum InspectionError: Error {
        case notCompact
        case notBase64URL
    }
}
