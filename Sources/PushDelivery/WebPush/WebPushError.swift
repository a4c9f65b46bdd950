/// A Web Push subscription or message that cannot be used: an endpoint that is not a URL, keys
/// that are not what RFC 8291 needs, a payload too large for one record. Match on ``code``.
///
/// Messages name the field at fault and what is wrong with it, never the key material.
public struct WebPushError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidEndpoint = "invalid endpoint"
            case invalidBase64URL = "invalid base64url"
            case invalidKeyLength = "invalid key length"
            case invalidPublicKey = "invalid public key"
            case invalidAuthSecret = "invalid auth secret"
            case payloadTooLarge = "payload too large"
            case encryptionFailed = "encryption failed"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The endpoint is not an absolute `https` (or `http`) URL with a host.
        public static let invalidEndpoint = Code(.invalidEndpoint)
        /// `p256dh` or `auth` is not base64url (nor standard base64).
        public static let invalidBase64URL = Code(.invalidBase64URL)
        /// `p256dh` is not 65 bytes long, or does not start with `0x04` (uncompressed).
        public static let invalidKeyLength = Code(.invalidKeyLength)
        /// `p256dh` has the right length but is not a point on P-256.
        public static let invalidPublicKey = Code(.invalidPublicKey)
        /// `auth` is not 16 bytes long.
        public static let invalidAuthSecret = Code(.invalidAuthSecret)
        /// The plaintext does not fit in one 4096-byte `aes128gcm` record.
        public static let payloadTooLarge = Code(.payloadTooLarge)
        /// The key agreement or AES-GCM failed.
        public static let encryptionFailed = Code(.encryptionFailed)

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
