/// Why a job body could not be read as an ``AlarmEvent`` or ``AlarmCommand``,
/// or why a value does not fit the format.
///
/// The description reads like `timestamp: expected an integer number of seconds, got "abc"`.
/// It quotes at most a short excerpt of the offending value, never a whole job body and never
/// the `data` of a raw command, so that it is safe to log.
public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON field at fault (for example `"timestamp"` or `"partition"`),
    /// or `nil` when the body as a whole is at fault (empty, not UTF-8, not JSON, not an object).
    public var field: String?
    /// What is wrong, in words, without the field name.
    public var reason: String

    /// Creates an error for `field` (or for the whole body when `field` is `nil`).
    public init(field: String?, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`, or just the reason when no field is at fault.
    public var description: String {
        guard let field else { return reason }
        return "\(field): \(reason)"
    }
}

extension FormatError {
    /// Creates an error for one of the format's own fields.
    init(_ field: FormatField, _ reason: String) {
        self.init(field: field.rawValue, reason: reason)
    }

    /// The error for a required field that is absent (or `null`).
    static func missing(_ field: FormatField) -> FormatError {
        FormatError(field, "required field is missing")
    }
}
