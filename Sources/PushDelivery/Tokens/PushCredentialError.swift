/// A problem with push credentials: a key or service account that cannot be read or used, or a
/// token endpoint answer that makes no sense. Match on ``code``.
///
/// Messages name the file or the field at fault, never key material or tokens.
public struct PushCredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unreadableFile = "unreadable file"
            case invalidKey = "invalid key"
            case invalidServiceAccount = "invalid service account"
            case signingFailed = "signing failed"
            case invalidTokenResponse = "invalid token response"
            case tokenRefused = "token refused"
            case invalidSubject = "invalid subject"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A key or service account file that does not exist or cannot be read.
        public static let unreadableFile = Code(.unreadableFile)
        /// Text that is not a PEM private key of the kind needed (P-256 for APNs and VAPID, RSA for FCM).
        public static let invalidKey = Code(.invalidKey)
        /// A service account JSON that lacks a field or is not JSON.
        public static let invalidServiceAccount = Code(.invalidServiceAccount)
        /// The signer could not produce a JWT.
        public static let signingFailed = Code(.signingFailed)
        /// The OAuth2 token endpoint's reply lacks `access_token` or `expires_in`.
        public static let invalidTokenResponse = Code(.invalidTokenResponse)
        /// The OAuth2 token endpoint refused the assertion (`invalid_grant`, a disabled or deleted
        /// key, a wrong clock): a credential fault.
        public static let tokenRefused = Code(.tokenRefused)
        /// A VAPID subject that is neither a `mailto:` address nor an `https:` URL.
        public static let invalidSubject = Code(.invalidSubject)

        public var description: String { base.rawValue }
    }

    /// The kind of error.
    public var code: Code
    /// What is wrong, in words.
    public var message: String

    /// Creates an error of kind `code`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
