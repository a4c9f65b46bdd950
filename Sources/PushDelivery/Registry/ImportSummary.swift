/// What ``DeviceRegistry/import(tokens:platform:)`` did.
public struct ImportSummary: Sendable, Hashable {
    /// A line that was not imported, and why.
    public struct InvalidLine: Sendable, Hashable, CustomStringConvertible {
        /// The line number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String

        /// An invalid line.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `line 7: reason`.
        public var description: String { "line \(line): \(reason)" }
    }

    /// Tokens that were new.
    public var added: Int
    /// Tokens that were registered already (or earlier in the same import) and were re-registered.
    public var updated: Int
    /// Lines that hold no valid token, in line order.
    public var invalid: [InvalidLine]

    /// A summary.
    public init(added: Int = 0, updated: Int = 0, invalid: [InvalidLine] = []) {
        self.added = added
        self.updated = updated
        self.invalid = invalid
    }
}
