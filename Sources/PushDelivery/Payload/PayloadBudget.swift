import AlarmCore

/// Fits a payload into a provider's size limit by shortening the event's free text, never its
/// `id`, `type` or numbers.
///
/// The fields are shortened in order, each only as far as needed and ending in `…`: the message
/// (which is also the notification body), then `raw`, `zone_name`, `user_name`, `source` and `code`. With
/// every one of them empty the payloads are a few hundred bytes, far below the limits.
enum PayloadBudget {
    /// The ellipsis that marks shortened text.
    private static let ellipsis = "…"

    /// The free-text fields, in the order they are shortened.
    private static var fields: [WritableKeyPath<AlarmEvent, String>] {
        [\.message, \.raw, \.zoneNameText, \.userNameText, \.sourceText, \.code]
    }

    /// `encode(event)`, with the event's text shortened until the result has at most `limit` bytes.
    static func fit(_ event: AlarmEvent, limit: Int, encode: (AlarmEvent) -> [UInt8]) -> [UInt8] {
        var event = event
        var bytes = encode(event)
        for field in fields where bytes.count > limit {
            bytes = shorten(field, of: &event, limit: limit, encode: encode)
        }
        return bytes
    }

    /// Shortens one field to the longest prefix that fits (binary search over its characters),
    /// or empties it when even one character is too many; returns the encoding of the result.
    private static func shorten(
        _ field: WritableKeyPath<AlarmEvent, String>, of event: inout AlarmEvent, limit: Int,
        encode: (AlarmEvent) -> [UInt8]
    ) -> [UInt8] {
        let original = event[keyPath: field]
        func candidate(keeping count: Int) -> (AlarmEvent, [UInt8]) {
            var shortened = event
            shortened[keyPath: field] = count == 0 ? "" : String(original.prefix(count)) + ellipsis
            return (shortened, encode(shortened))
        }
        // A prefix never needs more characters than the limit has bytes.
        var low = 0
        var high = min(original.count - 1, limit)
        var best = candidate(keeping: 0)
        while low <= high {
            let middle = (low + high) / 2
            let attempt = candidate(keeping: middle)
            if attempt.1.count <= limit {
                best = attempt
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        event = best.0
        return best.1
    }
}

extension AlarmEvent {
    /// ``AlarmCore/AlarmEvent/zoneName`` as text to shorten; emptied, it is left out.
    fileprivate var zoneNameText: String {
        get { zoneName ?? "" }
        set { zoneName = newValue.isEmpty ? nil : newValue }
    }

    /// ``AlarmCore/AlarmEvent/userName`` as text to shorten; emptied, it is left out.
    fileprivate var userNameText: String {
        get { userName ?? "" }
        set { userName = newValue.isEmpty ? nil : newValue }
    }

    /// ``AlarmCore/AlarmEvent/source`` as text to shorten; emptied, it is left out.
    fileprivate var sourceText: String {
        get { source ?? "" }
        set { source = newValue.isEmpty ? nil : newValue }
    }
}
