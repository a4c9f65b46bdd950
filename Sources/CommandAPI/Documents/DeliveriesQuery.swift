/// The query of `GET /v1/deliveries`: `before` (a cursor, optional) and `limit` (1–100,
/// default 20): the `limit` most recent alarms, or those stored before that cursor; newest first.
struct DeliveriesQuery: Sendable, Hashable {
    static let defaultLimit = 20
    static let limits = 1...100

    /// Only alarms with a cursor below this one; `nil` for the most recent.
    var before: Int64?
    /// How many alarms at most.
    var limit: Int

    /// Reads the query parameters; `value(name)` gives a parameter's value as sent.
    ///
    /// - Throws: ``APIError`` 400 naming the parameter when a value is not a whole number in range.
    init(_ value: (String) -> String?) throws(APIError) {
        before = try QueryInteger.read("before", from: value, in: 1...Int64.max, what: "a cursor, an integer")
        limit = try QueryInteger.read("limit", from: value, in: Self.limits) ?? Self.defaultLimit
    }
}
