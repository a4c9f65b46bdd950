/// Splitting topics and filters into levels, and comparing them, byte by byte as MQTT does
/// (§4.7.3): Swift's `String` comparison would treat canonically equivalent spellings (a
/// precomposed `é` and `e` + U+0301) as equal, and a `/` followed by a combining mark as one
/// character.
enum TopicLevels {
    static let separator = UInt8(ascii: "/")
    static let singleLevelWildcard = UInt8(ascii: "+")
    static let multiLevelWildcard = UInt8(ascii: "#")

    /// The levels of `text`; empty levels count (`a//b` has three).
    static func split(_ text: String) -> [Substring.UTF8View] {
        text.utf8[...].split(separator: separator, omittingEmptySubsequences: false)
    }

    /// Whether `level` is exactly the one-byte wildcard `wildcard`.
    static func isWildcard(_ level: Substring.UTF8View, _ wildcard: UInt8) -> Bool {
        level.count == 1 && level.first == wildcard
    }

    /// Whether `lhs` and `rhs` are the same bytes: the equality of ``TopicName`` and ``TopicFilter``.
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }

    /// Hashes the bytes of `text`, consistently with ``sameBytes(_:_:)``.
    static func hashBytes(_ text: String, into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
