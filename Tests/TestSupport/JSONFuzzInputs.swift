/// Generates hostile job bodies from a seed, for fuzzing the decoders of queue messages: what a
/// buggy producer, an old one, or someone with access to beanstalkd could put on a tube.
///
/// Each input is one of ``Kind``. The documents are built from ``Template``s, the fields of valid
/// messages, so that many inputs are valid or nearly so and the decoder's field checks are
/// reached, not only its JSON parser.
public struct JSONFuzzInputs {
    /// What kind of input ``next()`` made.
    public enum Kind: String, CaseIterable, Sendable {
        /// A valid template, fields in random order, some values replaced by hostile ones,
        /// some fields left out, unknown ones added.
        case mixedDocument
        /// A valid template with random bytes flipped, inserted or removed.
        case mutatedDocument
        /// A valid template cut short.
        case truncatedDocument
        /// Random bytes, mostly printable.
        case randomBytes
        /// Arrays or objects nested deeper than any document (33 to 5,000 levels).
        case deepNesting
        /// A JSON value that is not an object.
        case notAnObject
    }

    /// A valid message as field names and their JSON values, in order.
    public typealias Template = [(name: String, json: String)]

    /// JSON values of every type and many edge cases, swapped in for valid ones.
    public static let hostileValues: [String] = [
        "null", "true", "false", "0", "-1", "1.5", "-0", "1e400", "-1e400", "9223372036854775808",
        "-9223372036854775809", "12345678901234567890123", "\"\"", "\" \"", "\"abc\"", "\"2\"", "\"-5\"",
        #""\u0000""#, #""\ud800""#, #""\s""#, #""é🚨""#, "[]", "{}", "[1,2]", #"{"a":1}"#, "\"" + String(repeating: "a", count: 300) + "\"",
        "\"000\"", "\"072\"", "\"9\"", "\"ARM\"", "\"arm\"", "\"register\"", "\"ios\"", "\"android\"",
    ]

    private var random: SeededGenerator
    private let templates: [Template]

    /// Inputs derived from `templates` (valid messages), fixed by `seed`.
    public init(templates: [Template], seed: UInt64) {
        precondition(!templates.isEmpty, "JSONFuzzInputs needs at least one template")
        self.templates = templates
        random = SeededGenerator(seed: seed)
    }

    /// The next input and its kind.
    public mutating func next() -> (kind: Kind, bytes: [UInt8]) {
        let kind = Kind.allCases.randomElement(using: &random)!
        let template = templates.randomElement(using: &random)!
        switch kind {
        case .mixedDocument: return (kind, Array(mixed(template).utf8))
        case .mutatedDocument: return (kind, mutated(Array(Self.document(template).utf8)))
        case .truncatedDocument:
            let bytes = Array(Self.document(template).utf8)
            return (kind, Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))))
        case .randomBytes:
            return (kind, (0..<Int.random(in: 0...200, using: &random)).map { _ in randomByte() })
        case .deepNesting:
            let depth = Int.random(in: 33...5_000, using: &random)
            let opening = Bool.random(using: &random) ? Array("[".utf8) : Array(#"{"a":"#.utf8)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(depth * opening.count)
            for _ in 0..<depth { bytes.append(contentsOf: opening) }
            return (kind, bytes)
        case .notAnObject: return (kind, Array(Self.hostileValues.randomElement(using: &random)!.utf8))
        }
    }

    /// `template` as a JSON object.
    public static func document(_ template: Template) -> String {
        "{" + template.map { "\"\($0.name)\":\($0.json)" }.joined(separator: ",") + "}"
    }

    private mutating func mixed(_ template: Template) -> String {
        var fields: Template = []
        for field in template.shuffled(using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: continue
            case 1, 2: fields.append((field.name, Self.hostileValues.randomElement(using: &random)!))
            default: fields.append(field)
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            fields.append(("unknown_\(Int.random(in: 0..<100, using: &random))", Self.hostileValues.randomElement(using: &random)!))
        }
        return Self.document(fields)
    }

    private mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where index < bytes.count: bytes[index] = randomByte()
            case 1: bytes.insert(randomByte(), at: index)
            default: if index < bytes.count { bytes.remove(at: index) }
            }
        }
        return bytes
    }

    private mutating func randomByte() -> UInt8 {
        Int.random(in: 0..<8, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8.random(in: 32...126, using: &random)
    }
}
