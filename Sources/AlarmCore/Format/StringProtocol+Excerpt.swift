/// Text helpers for reading untrusted fields and quoting them in error messages.
extension StringProtocol {
    /// The text without leading and trailing whitespace (including line breaks).
    package var trimmingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }

    /// The text as a quoted, escaped excerpt of at most `limit` characters, for error messages.
    package func quotedExcerpt(limit: Int = 40) -> String {
        let quoted = String(prefix(limit)).debugDescription
        return dropFirst(limit).isEmpty ? quoted : quoted + "…"
    }
}
