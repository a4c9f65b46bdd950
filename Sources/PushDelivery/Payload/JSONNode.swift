/// A JSON value as the payload builders write it: members in the order given, compact, UTF-8,
/// `/` not escaped. Writing never fails.
enum JSONNode: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    /// A finite number (callers clamp or replace NaN and infinities).
    case number(Double)
    case object([JSONMember])

    /// An object of the members whose value is not `nil`, or `nil` when there are none.
    static func objectIfAny(_ members: [(String, JSONNode?)]) -> JSONNode? {
        let present = JSONMember.list(members)
        return present.isEmpty ? nil : .object(present)
    }

    /// The compact JSON text.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return bytes
    }

    /// Appends the compact JSON text to `bytes`.
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .string(let text):
            Self.write(string: text, into: &bytes)
        case .integer(let value):
            bytes.append(contentsOf: String(value).utf8)
        case .number(let value):
            bytes.append(contentsOf: String(value).utf8)
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(string: member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The short escapes JSON has for control characters.
    private static let controlEscapes: [UInt8: UInt8] = [
        0x08: UInt8(ascii: "b"), 0x09: UInt8(ascii: "t"), 0x0A: UInt8(ascii: "n"), 0x0C: UInt8(ascii: "f"),
        0x0D: UInt8(ascii: "r"),
    ]

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func write(string: String, into bytes: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), backslash:
                bytes.append(contentsOf: [backslash, byte])
            case 0x20...:
                bytes.append(byte)
            default:
                if let escape = controlEscapes[byte] {
                    bytes.append(contentsOf: [backslash, escape])
                } else {
                    bytes.append(contentsOf: [
                        backslash, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
                    ])
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// One `"key": value` of a JSON object.
struct JSONMember: Sendable, Hashable {
    let key: String
    let value: JSONNode

    /// The members whose value is not `nil`, in order.
    static func list(_ members: [(String, JSONNode?)]) -> [JSONMember] {
        members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }
    }
}
