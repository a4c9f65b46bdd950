#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A guard against deeply nested JSON. Foundation's `JSONDecoder` parses recursively, and a body
/// of a few thousand `[` exhausts a thread's stack and crashes the process (found by fuzzing job
/// bodies), so every decoder of outside input checks the nesting first.
public enum JSONNesting {
    /// The deepest nesting of arrays and objects HowAlarming accepts; its documents nest two deep.
    public static let limit = 32

    /// Whether `bytes` nest arrays and objects deeper than ``limit``; brackets inside strings do
    /// not count. Reads the bytes once, whether or not they are valid JSON.
    public static func exceedsLimit(_ bytes: some Sequence<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// The reason given for a body that nests too deeply.
    public static var tooDeep: String { "nested deeper than \(limit) levels" }
}

/// Decodes a job body that must be one JSON object into `type`, whose decoding may throw
/// ``FormatError``s of its own; every other failure becomes a ``FormatError`` that quotes
/// nothing of the body (it may carry access codes).
public func decodeJSONObject<Object: Decodable>(_ type: Object.Type, from text: String) throws(FormatError) -> Object {
    guard text.contains(where: { !$0.isWhitespace }) else {
        throw FormatError(field: nil, reason: "empty body, expected a JSON object")
    }
    guard !JSONNesting.exceedsLimit(text.utf8) else {
        throw FormatError(field: nil, reason: "not valid JSON: \(JSONNesting.tooDeep)")
    }
    do {
        return try JSONDecoder().decode(type, from: Data(text.utf8))
    } catch let error as FormatError {
        throw error
    } catch {
        throw FormatError(field: nil, reason: "not valid JSON (\(text.utf8.count) bytes)")
    }
}
