/// A device registration or push database problem found locally. Match on ``code``.
///
/// Messages may quote an excerpt of a device token (tokens are not secrets), never more.
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidToken = "invalid token"
            case invalidName = "invalid name"
            case invalidOwner = "invalid owner"
            case environmentNotApplicable = "environment not applicable"
            case invalidSubscription = "invalid subscription"
            case webPushNotConfigured = "Web Push not configured"
            case schemaTooNew = "schema too new"
            case unreadableRow = "unreadable row"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The token does not have its provider's form (see ``DeviceToken``).
        public static let invalidToken = Code(.invalidToken)
        /// A device name that is too long or contains control characters.
        public static let invalidName = Code(.invalidName)
        /// An owner (API token name) that is empty, too long or contains control characters.
        public static let invalidOwner = Code(.invalidOwner)
        /// An APNs environment was given for a device that is not delivered through APNs.
        public static let environmentNotApplicable = Code(.environmentNotApplicable)
        /// A web device without keys, with keys that cannot encrypt, or keys for a device that is
        /// not a web device.
        public static let invalidSubscription = Code(.invalidSubscription)
        /// A web device registered while this process has no Web Push (`push.web_push`).
        public static let webPushNotConfigured = Code(.webPushNotConfigured)
        /// The database was written by a newer program, with schema versions this one does not know.
        public static let schemaTooNew = Code(.schemaTooNew)
        /// A stored value that the schema's checks should have kept out (a hand-edited database).
        public static let unreadableRow = Code(.unreadableRow)

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
