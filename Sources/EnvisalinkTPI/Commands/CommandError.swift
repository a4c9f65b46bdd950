/// Why a ``PanelCommand`` cannot be sent, e.g. `partition must be 1–8, got 9`.
///
/// The reason never quotes a password, an access code, a key string or a raw command's code or
/// data, so it is safe to log and to publish.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words.
    public let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
