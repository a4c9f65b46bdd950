#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The top-level fields of a job body that must be a JSON object.
///
/// Parsing never traps on hostile input: ``decodeJSONObject(_:from:)`` refuses deep nesting
/// before JSONDecoder sees it, and every failure becomes a ``FormatError``.
struct JSONObject {
    /// Any JSON object key.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }

    private let fields: [String: JSONValue]

    /// The value of `field`, with JSON `null` read as absent.
    subscript(field: FormatField) -> JSONValue? {
        guard let value = fields[field.rawValue], value != .null else { return nil }
        return value
    }

    /// Parses `text`, which must hold exactly one JSON object.
    init(parsing text: String) throws(FormatError) {
        self = try decodeJSONObject(JSONObject.self, from: text)
    }

    /// A job body as text, rejecting bytes that are not UTF-8.
    static func text(ofJobBody body: some Collection<UInt8>) throws(FormatError) -> String {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw FormatError(field: nil, reason: "body is not valid UTF-8")
        }
        return text
    }
}

extension JSONObject: Decodable {
    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            let value = try JSONValue(from: decoder)
            throw FormatError(field: nil, reason: "expected a JSON object, got \(value.summary)")
        }
        var fields: [String: JSONValue] = [:]
        for key in container.allKeys {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.fields = fields
    }
}
