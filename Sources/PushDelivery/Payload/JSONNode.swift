import AlarmCore

/// A JSON value as the payload builders compose it (a tree, so that the text can be shortened
/// and written again until it fits): written by ``AlarmCore``'s JSON writer, members in the
/// order given, compact, UTF-8, `/` not escaped. Writing never fails.
enum JSONNode: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    /// A finite number (callers clamp or replace NaN and infinities).
    case number(Double)
    case object([JSONMember])
    case boolean(Bool)

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

    /// Appends the compact JSON text to `bytes`, written by the package's one JSON writer.
    func write(into bytes: inout [UInt8]) {
        switch self {
        case .string(let text):
            JSONObjectWriter.write(string: text, into: &bytes)
        case .integer(let value):
            bytes.append(contentsOf: String(value).utf8)
        case .number(let value):
            bytes.append(contentsOf: String(value).utf8)
        case .boolean(let value):
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .object(let members):
            var writer = JSONObjectWriter()
            for member in members {
                writer.write(member.key, value: member.value.write(into:))
            }
            bytes.append(contentsOf: writer.finish())
        }
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
