#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Device ids in registration messages: a UUID (the version 5 UUID of `provider:token`, as
/// push reports name devices), checked for its form only and kept in lower case.
package enum DeviceIDText {
    /// `text` without surrounding whitespace, in lower case, if it is a UUID.
    ///
    /// - Throws: ``FormatError`` for the field `device`.
    package static func checked(_ text: String) throws(FormatError) -> String {
        guard let uuid = UUID(uuidString: String(text.trimmingWhitespace)) else {
            throw FormatError(field: "device", reason: "a device id is a UUID (as devices list and the push reports show it)")
        }
        return uuid.uuidString.lowercased()
    }

    /// Whether `text` is a device id.
    package static func isWellFormed(_ text: some StringProtocol) -> Bool {
        UUID(uuidString: String(text.trimmingWhitespace)) != nil
    }
}
