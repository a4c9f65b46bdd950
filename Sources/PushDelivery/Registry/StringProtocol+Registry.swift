/// Text helpers for tokens, import lines and registration messages.
extension StringProtocol {
    /// The text without leading and trailing whitespace (including line breaks).
    var trimmingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }

    /// The text as a quoted, escaped excerpt of at most `limit` characters, for error messages.
    func quotedExcerpt(limit: Int = 40) -> String {
        let quoted = String(prefix(limit)).debugDescription
        return count > limit ? quoted + "…" : quoted
    }
}
