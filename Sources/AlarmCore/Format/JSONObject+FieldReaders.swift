#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Typed, lenient-where-documented readers for the format's fields.
/// Each returns `nil` when the field is absent or `null`, and throws when it has the wrong kind.
extension JSONObject {
    /// A string field.
    func string(_ field: FormatField) throws(FormatError) -> String? {
        switch self[field] {
        case nil: return nil
        case .string(let value): return value
        case let other?: throw FormatError(field, "expected a string, got \(other.summary)")
        }
    }

    /// A panel code: a string, or (as old producers sent) a whole number written as its digits.
    func code(_ field: FormatField) throws(FormatError) -> String? {
        switch self[field] {
        case nil: return nil
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .largeInteger(let value): return String(value)
        case let other?: throw FormatError(field, "expected a string or an integer, got \(other.summary)")
        }
    }

    /// Unix seconds: an integer, a string of digits (old producers), or a number with a fraction (truncated).
    func timestamp(_ field: FormatField) throws(FormatError) -> Int64? {
        guard let value = self[field] else { return nil }
        let seconds: Int64? =
            switch value {
            case .integer(let integer): integer
            case .string(let text): Int64(text)
            case .fraction(let number): Int64(exactly: number.rounded(.towardZero))
            default: nil
            }
        guard let seconds else {
            throw FormatError(field, "expected an integer number of seconds, got \(value.summary)")
        }
        return seconds
    }

    /// A whole number that fits `Int`; range checks are left to the type's `validate()`.
    func integer(_ field: FormatField) throws(FormatError) -> Int? {
        guard let value = self[field] else { return nil }
        guard let integer = value.exactInteger(as: Int.self) else {
            throw FormatError(field, "expected an integer, got \(value.summary)")
        }
        return integer
    }

    /// A whole number from 0 to `UInt64.max`.
    func unsignedInteger(_ field: FormatField) throws(FormatError) -> UInt64? {
        guard let value = self[field] else { return nil }
        guard let integer = value.exactInteger(as: UInt64.self) else {
            throw FormatError(field, "expected a non-negative integer, got \(value.summary)")
        }
        return integer
    }

    /// An array of whole numbers that fit `Int`; range checks are left to the type's `validate()`.
    func integers(_ field: FormatField) throws(FormatError) -> [Int]? {
        guard let value = self[field] else { return nil }
        guard case .integers(let numbers) = value, numbers.allSatisfy({ Int(exactly: $0) != nil }) else {
            throw FormatError(field, "expected an array of integers, got \(value.summary)")
        }
        return numbers.map { Int($0) }
    }

    /// A UUID in its usual 8-4-4-4-12 hexadecimal form, in either letter case.
    func uuid(_ field: FormatField) throws(FormatError) -> UUID? {
        guard let value = self[field] else { return nil }
        guard case .string(let text) = value, let uuid = UUID(uuidString: text) else {
            throw FormatError(field, "expected a UUID such as \"8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012\", got \(value.summary)")
        }
        return uuid
    }
}
