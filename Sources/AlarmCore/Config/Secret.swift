/// A secret string (a password or an alarm code) that never shows up in logs.
///
/// `description`, `debugDescription` and the reflection mirror (used by `dump` and by
/// the default description of the structs that contain it) all read `<redacted>`;
/// only ``value`` gives the text itself.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// What every textual representation of a secret shows.
    public static let redacted = "<redacted>"

    /// The secret text. Pass it to the party that needs it; do not log it.
    public let value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// Whether `other` is the same text, compared in a time that depends on the lengths alone, so
    /// that how long a wrong code takes to refuse tells nothing of the right one.
    public func matches(_ other: Secret) -> Bool {
        let mine = Array(value.utf8), theirs = Array(other.value.utf8)
        var difference: UInt8 = mine.count == theirs.count ? 0 : 1
        for index in 0..<max(mine.count, theirs.count) {
            difference |= (index < mine.count ? mine[index] : 0) ^ (index < theirs.count ? theirs[index] : 0)
        }
        return difference == 0
    }

    /// Always `<redacted>`.
    public var description: String { Secret.redacted }

    /// Always `<redacted>`.
    public var debugDescription: String { Secret.redacted }

    /// A mirror without children, so `dump` and reflection show nothing but `<redacted>`.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
