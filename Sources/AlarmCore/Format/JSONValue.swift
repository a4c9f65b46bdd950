/// One top-level field value of a JSON job body, as much of it as the format needs to see:
/// scalars and arrays of whole numbers in full, other arrays and objects only as their kind.
enum JSONValue: Hashable {
    case null
    case bool(Bool)
    /// A number with no fractional part that fits `Int64` (`1e3` and `2.0` included).
    case integer(Int64)
    /// A whole number above `Int64.max` that fits `UInt64`.
    case largeInteger(UInt64)
    /// Any other number.
    case fraction(Double)
    case string(String)
    /// An array of whole numbers that fit `Int64`.
    case integers([Int64])
    /// Any other array.
    case array
    case object

    /// The value for error messages: a short excerpt for strings, `an array` / `an object` for containers.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .largeInteger(let value): String(value)
        case .fraction(let value): String(value)
        case .string(let value): value.quotedExcerpt()
        case .integers, .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a `T` when it is a whole number that `T` represents exactly.
    func exactInteger<T: BinaryInteger>(as _: T.Type = T.self) -> T? {
        switch self {
        case .integer(let value): T(exactly: value)
        case .largeInteger(let value): T(exactly: value)
        default: nil
        }
    }
}

extension JSONValue: Decodable {
    /// Reads the value's kind by trying each scalar type, then container kinds.
    ///
    /// JSONDecoder reads strings lazily, so a string with a bad escape only fails here;
    /// that is reported against the field rather than as a decoding crash.
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .largeInteger(value)
        } else if let value = try? single.decode(Double.self) {
            self = .fraction(value)
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode([Int64].self) {
            self = .integers(value)
        } else if (try? decoder.container(keyedBy: JSONObject.Key.self)) != nil {
            self = .object
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .array
        } else {
            throw FormatError(
                field: decoder.codingPath.first?.stringValue,
                reason: "unreadable JSON value (bad string escape or number out of range)"
            )
        }
    }
}
