/// Errors of documents read with `JSONDecoder`.
extension FormatError {
    /// The error for `error`, naming the field by its path (`devices[0].platform`) and quoting no
    /// value (documents may carry secrets). ``field`` is `nil` when the document as a whole is at
    /// fault: not JSON, or not the object expected.
    public init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: context.codingPath + [key], reason: "required field is missing")
        case .valueNotFound(_, let context):
            self.init(path: context.codingPath, reason: "must not be null")
        case .typeMismatch(let type, let context):
            self.init(path: context.codingPath, reason: "expected \(Self.words(for: type))")
        case .dataCorrupted(let context):
            self.init(path: context.codingPath, reason: "invalid value")
        @unknown default:
            self.init(field: nil, reason: "not the JSON expected")
        }
    }

    private init(path: [any CodingKey], reason: String) {
        let field = path.reduce(into: "") { field, key in
            if let index = key.intValue {
                field += "[\(index)]"
            } else {
                field += field.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        self.init(field: field.isEmpty ? nil : field, reason: reason)
    }

    /// A JSON kind in words.
    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "another type"
        }
    }
}
