/// Reply header fields, looked up by name in any letter case.
struct ReplyHeaders {
    private var values: [String: String] = [:]

    /// The first value of each field in `fields`.
    init(_ fields: some Sequence<(name: String, value: String)>) {
        for field in fields where values[field.name.lowercased()] == nil {
            values[field.name.lowercased()] = field.value
        }
    }

    /// The value of the field `name` (lower case).
    subscript(name: String) -> String? { values[name] }
}
