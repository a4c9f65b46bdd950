/// The query of `GET /v1/events`: `after` (a cursor, optional) and `limit` (1–1000, default 100).
///
/// Without `after`, the most recent `limit` events; with it, the first `limit` events stored after
/// that cursor. Either way oldest first.
struct EventsQuery: Sendable, Hashable {
    static let defaultLimit = 100
    static let limits = 1...1000

    /// The cursor to continue after; `nil` for the most recent events.
    var after: Int64?
    /// How many events at most.
    var limit: Int

    /// Reads the query parameters; `value(name)` gives a parameter's value as sent.
    ///
    /// - Throws: ``APIError`` 400 naming the parameter when a value is not a whole number in range.
    init(_ value: (String) -> String?) throws(APIError) {
        after = try QueryInteger.read("after", from: value, in: 0...Int64.max, what: "a cursor, an integer")
        limit = try QueryInteger.read("limit", from: value, in: Self.limits) ?? Self.defaultLimit
    }
}

/// The answer of `GET /v1/events`.
struct EventsPage: Encodable {
    /// The events, oldest first.
    let events: [StoredEventDocument]
    /// What to pass as `after` to get the events that follow: the last event's cursor, or when
    /// there are none, the `after` given (0 without one).
    let nextAfter: Int64
    /// Whether more events follow `next_after` already (always `false` for the most recent events).
    let hasMore: Bool

    enum CodingKeys: String, CodingKey {
        case events
        case nextAfter = "next_after"
        case hasMore = "has_more"
    }
}
