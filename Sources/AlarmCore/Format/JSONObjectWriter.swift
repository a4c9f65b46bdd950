#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The package's one JSON writer: the canonical form of events and commands, and the push
/// payloads. One compact object, members in the order they are written, absent values left out
/// (never `null`), UUIDs lowercase, and only the escapes JSON requires (so `/` and non-ASCII text
/// are written as they are).
package struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    /// An empty object.
    package init() {}

    /// Writes `field` as a JSON string, unless `value` is `nil`.
    mutating func write(_ field: FormatField, _ value: String?) {
        guard let value else { return }
        write(field.rawValue) { Self.write(string: value, into: &$0) }
    }

    /// Writes `field` as a JSON integer, unless `value` is `nil`.
    mutating func write(_ field: FormatField, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        write(field.rawValue) { $0.append(contentsOf: String(value).utf8) }
    }

    /// Writes `field` as a JSON array of integers, unless `values` is `nil`.
    mutating func write(_ field: FormatField, _ values: [Int]?) {
        guard let values else { return }
        write(field.rawValue) { bytes in
            bytes.append(UInt8(ascii: "["))
            bytes.append(contentsOf: values.map(String.init).joined(separator: ",").utf8)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// Writes `field` as a lowercase UUID string, unless `value` is `nil`.
    mutating func write(_ field: FormatField, _ value: UUID?) {
        write(field, value?.uuidString.lowercased())
    }

    /// Writes the member `key`, whose value `writeValue` appends as JSON text.
    package mutating func write(_ key: String, value writeValue: (inout [UInt8]) -> Void) {
        if bytes.count > 1 {
            bytes.append(UInt8(ascii: ","))
        }
        Self.write(string: key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        writeValue(&bytes)
    }

    /// The finished object.
    package consuming func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Appends `text` to `bytes` as a JSON string.
    package static func write(string text: some StringProtocol, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20: bytes.append(contentsOf: unicodeEscape(byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u00XX` for a control character.
    private static func unicodeEscape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16)
        return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
