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
        header = try Fixtures.object(TestBase64URL.decode(parts[0]))
        let claimsBytes = try TestBase64URL.decode(parts[1])
        claims = try Fixtures.object(claimsBytes)
        claimsText = String(decoding: claimsBytes, as: UTF8.self)
    }

    enum InspectionError: Error {
        case notCompact
    }
}
