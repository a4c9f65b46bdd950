/// A validated beanstalkd tube name.
///
/// beanstalkd accepts 1–200 bytes drawn from `A-Z a-z 0-9` and `- + / ; . $ _ ( )`,
/// not starting with `-`. Anything else gets `BAD_FORMAT` from the server, so names
/// are checked here, before they are sent.
public struct TubeName: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The longest tube name beanstalkd accepts, in bytes.
    public static let maximumLength = 200

    /// The tube every new connection uses and watches.
    public static let `default` = TubeName(unchecked: "default")

    /// The name as sent on the wire.
    public let rawValue: String

    /// Validates `name`, throwing ``BeanstalkError/Code/invalidTubeName`` with the reason.
    public init(_ name: String) throws(BeanstalkError) {
        if let problem = TubeName.problem(with: name) {
            throw BeanstalkError(.invalidTubeName, "invalid tube name \"\(name)\": \(problem)")
        }
        self.rawValue = name
    }

    init(unchecked name: String) {
        self.rawValue = name
    }

    /// Why `name` is not a valid tube name, or `nil` when it is.
    public static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maximumLength {
            return "it is \(bytes.count) bytes long, the limit is \(maximumLength)"
        }
        if bytes[0] == UInt8(ascii: "-") { return "it must not begin with '-'" }
        if let bad = bytes.first(where: { !isAllowed($0) }) {
            let shown = bad < 0x80 ? "'\(Character(Unicode.Scalar(bad)))'" : "a non-ASCII byte"
            return "\(shown) is not allowed (use A-Z a-z 0-9 - + / ; . $ _ ( ))"
        }
        return nil
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ";"),
             UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "_"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: TubeName, rhs: TubeName) -> Bool { lhs.rawValue < rhs.rawValue }
}
