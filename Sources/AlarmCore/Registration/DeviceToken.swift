/// A device token as its provider issued it: the address of one app installation on one phone.
///
/// Creating one validates and normalises the text (surrounding whitespace is ignored):
/// - APNs tokens are hexadecimal, an even number of 64 to 256 digits (32 bytes today; Apple may
///   lengthen them), in any letter case; they are kept in lower case.
/// - FCM registration tokens are 1 to 4096 printable ASCII characters without spaces; they are
///   opaque and kept as given.
public struct DeviceToken: Sendable, Hashable, CustomStringConvertible {
    /// Shortest and longest APNs tokens accepted, in hexadecimal digits.
    public static let apnsLength: ClosedRange<Int> = 64...256
    /// Longest FCM registration token accepted, in characters.
    public static let fcmMaximumLength = 4096

    /// The provider that issued the token and delivers to it.
    public let provider: PushProvider
    /// The normalised token, as sent to the provider.
    public let value: String

    /// Validates and normalises `text` as a token from `provider`.
    ///
    /// - Throws: ``FormatError`` for the field `token`, saying what is wrong.
    public init(_ text: some StringProtocol, provider: PushProvider) throws(FormatError) {
        let token = text.trimmingWhitespace
        switch provider {
        case .apns: value = try Self.apnsToken(token)
        case .fcm: value = try Self.fcmToken(token)
        }
        self.provider = provider
    }

    /// A token read back from a database, where only valid tokens are written.
    package init(provider: PushProvider, storedValue: String) {
        self.provider = provider
        value = storedValue
    }

    /// `provider:token`, in full (tokens are not secrets).
    public var description: String { "\(provider):\(value)" }

    private static func apnsToken(_ token: some StringProtocol) throws(FormatError) -> String {
        guard token.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isASCIIHexDigit }) else {
            throw invalid("an APNs device token has only hexadecimal digits, got \(token.quotedExcerpt())")
        }
        let count = token.utf8.count
        guard apnsLength.contains(count), count.isMultiple(of: 2) else {
            throw invalid(
                "an APNs device token is an even number of \(apnsLength.lowerBound) to "
                    + "\(apnsLength.upperBound) hexadecimal digits, got \(count)")
        }
        return token.lowercased()
    }

    private static func fcmToken(_ token: some StringProtocol) throws(FormatError) -> String {
        guard !token.isEmpty else {
            throw invalid("an FCM registration token must not be empty")
        }
        guard token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw invalid(
                "an FCM registration token has only printable ASCII characters without spaces, got \(token.quotedExcerpt())")
        }
        guard token.utf8.count <= fcmMaximumLength else {
            throw invalid("an FCM registration token has at most \(fcmMaximumLength) characters, got \(token.utf8.count)")
        }
        return String(token)
    }

    private static func invalid(_ reason: String) -> FormatError {
        FormatError(field: "token", reason: reason)
    }
}
