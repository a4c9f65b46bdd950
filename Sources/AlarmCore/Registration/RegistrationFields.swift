#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The string fields of a registration job body, read without trusting it: every failure is a
/// ``FormatError`` naming the field, and fields the format does not use are ignored.
struct RegistrationFields: Decodable {
    /// The format's field names.
    enum Field: String, CaseIterable {
        case type, platform, token, environment, name, device, owner
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }

    private var strings: [Field: String] = [:]
    /// `subscription`, for `web` devices; `nil` when absent or `null`.
    private(set) var subscription: SubscriptionFields?
    /// Fields of another JSON kind than string, with that kind in words (`a number`).
    private var otherKinds: [Field: String] = [:]

    /// Parses `text`, which must hold exactly one JSON object.
    init(parsing text: String) throws(FormatError) {
        self = try decodeJSONObject(RegistrationFields.self, from: text)
    }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            throw FormatError(field: nil, reason: "expected a JSON object, got \(Self.kind(of: decoder))")
        }
        for field in Field.allCases {
            let key = Key(stringValue: field.rawValue)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { continue }
            if let string = try? container.decode(String.self, forKey: key) {
                strings[field] = string
            } else {
                otherKinds[field] = Self.kind(of: try container.superDecoder(forKey: key))
            }
        }
        let subscriptionKey = Key(stringValue: "subscription")
        if container.contains(subscriptionKey), try !container.decodeNil(forKey: subscriptionKey) {
            subscription = try SubscriptionFields(from: try container.superDecoder(forKey: subscriptionKey))
        }
    }

    /// The string value of `field`; `nil` when absent or `null`.
    func string(_ field: Field) throws(FormatError) -> String? {
        if let kind = otherKinds[field] {
            throw FormatError(field: field.rawValue, reason: "expected a string, got \(kind)")
        }
        return strings[field]
    }

    /// The value of `field` as one of `Choice`'s raw values; `nil` when absent or `null`.
    func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ field: Field, _ what: String, as _: Choice.Type = Choice.self
    ) throws(FormatError) -> Choice? {
        guard let text = try string(field) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let expected = Choice.allCases.map(\.rawValue).joined(separator: " or ")
            throw FormatError(field: field.rawValue, reason: "unknown \(what) \(text.quotedExcerpt()); expected \(expected)")
        }
        return choice
    }

    /// A JSON value's kind in words, for error messages.
    static func kind(of decoder: any Decoder) -> String {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { return "null" }
            if (try? single.decode(Bool.self)) != nil { return "a boolean" }
            if (try? single.decode(Double.self)) != nil { return "a number" }
            if (try? single.decode(String.self)) != nil { return "a string" }
        }
        return (try? decoder.unkeyedContainer()) != nil ? "an array" : "an object"
    }
}
