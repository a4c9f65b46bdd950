/// A device token as its provider issued it: the address of one app installation on one phone.
///
/// Creating one validates and normalises the text (surrounding whitespace is ignored):
/// - APNs tokens are hexadecimal, an even number of 64 to 256 digits (32 bytes today; Apple may
///   lengthen them), in any letter case; they are kept in lower case.
/// - FCM registration tokens are 1 to 4096 printable ASCII characters without spaces; they are
///   opaque and kept as given.
/// - Web Push tokens are the subscription's endpoint: an `https://` URL with a host, at most
///   1000 characters (see ``webPushEndpointMaximumLength``). The endpoint is a bearer capability,
///   so descriptions and error messages show its origin only (``redacted``).
public struct DeviceToken: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
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
        case .webPush: value = try Self.webPushEndpoint(token)
        }
        self.provider = provider
    }

    /// A token read back from a database, where only valid tokens are written.
    package init(provider: PushProvider, storedValue: String) {
        self.provider = provider
        value = storedValue
    }

    /// `provider:token`: APNs and FCM tokens in full (they are not secrets), a Web Push endpoint
    /// as its origin only (``redacted``).
    public var description: String { "\(provider):\(redacted)" }

    /// The provider and the ``redacted`` token, so that `dump` and the descriptions of values
    /// holding a token do not show a Web Push endpoint's path.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider, "token": redacted], displayStyle: .struct)
    }

    /// The token as logs, lists and errors may show it: APNs and FCM tokens in full, a Web Push
    /// endpoint as `https://host[:port]/…` (its path is the capability to push).
    public var redacted: String {
        provider == .webPush ? Self.origin(ofEndpoint: value) + "/…" : value
    }

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

    static func invalid(_ reason: String) -> FormatError {
        FormatError(field: "token", reason: reason)
    }
}
