/// Why the command API's database refused something, with a code to match in tests and
/// a message for people. Messages never contain a token.
public struct CommandStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, matchable.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String {
            case invalidTokenName, duplicateTokenName, schemaTooNew
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A token name outside the allowed characters or length.
        public static let invalidTokenName = Code(.invalidTokenName)
        /// A token with this name exists already.
        public static let duplicateTokenName = Code(.duplicateTokenName)
        /// The database was written by a newer version of the program.
        public static let schemaTooNew = Code(.schemaTooNew)

        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, in words.
    public var message: String

    /// An error with `code` and `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
