#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The top-level fields of a job body that must be a JSON object.
///
/// Parsing never traps on hostile input: JSONDecoder rejects invalid JSON and nesting deeper
/// than its limit, and every failure becomes a ``FormatError``.
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
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw FormatError(field: nil, reason: "empty body, expected a JSON object")
        }
        do {
            self = try JSONDecoder().decode(JSONObject.self, from: Data(text.utf8))
        } catch let error as FormatError {
            throw error
        } catch {
            // No excerpt: a command body may carry access codes.
            throw FormatError(field: nil, reason: "not valid JSON (\(text.utf8.count) bytes)")
        }
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
