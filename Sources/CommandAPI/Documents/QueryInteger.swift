/// Reading whole-number query parameters.
enum QueryInteger {
    /// The parameter `name` as a whole number in `range`; `nil` when absent.
    ///
    /// - Throws: ``APIError`` 400 naming the parameter: `NAME: must be WHAT from LOW to HIGH`.
    static func read<Value: FixedWidthInteger>(
        _ name: String, from value: (String) -> String?, in range: ClosedRange<Value>, what: String = "an integer"
    ) throws(APIError) -> Value? {
        guard let text = value(name) else { return nil }
        guard let number = Value(text), range.contains(number) else {
            throw .badRequest("\(name): must be \(what) from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
