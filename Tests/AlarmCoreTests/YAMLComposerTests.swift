@testable import AlarmCore
import Testing

/// The YAML composer over libyaml: the node tree the configuration reader walks, and its errors.
@Suite struct YAMLComposerTests {
    /// A compact rendering of a node tree, for comparing whole documents.
    static func render(_ node: YAMLNode?) -> String {
        switch node {
        case nil: "nil"
        case .scalar(let text, let isPlain)?: isPlain ? text : "'\(text)'"
        case .sequence(let elements)?: "[" + elements.map { render($0) }.joined(separator: ", ") + "]"
        case .mapping(let entries)?:
            "{" + entries.map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    static func composed(_ yaml: String) throws -> String {
        render(try YAMLComposer.compose(yaml))
    }

    @Test(arguments: [
        ("", "nil"),
        ("# only a comment\n", "nil"),
        ("---\n...\n", ""),
        ("a: 1\nb: [x, 'y', \"z\"]\n", "{a: 1, b: [x, 'y', 'z']}"),
        ("code: 0123\nempty:\nnull: ~\nquoted: 'null'\n", "{code: 0123, empty: , null: ~, quoted: 'null'}"),
        ("zones:\n  \"001\": Front door\n  2: Hall\n", "{zones: {'001': Front door, 2: Hall}}"),
        ("list:\n  - a\n  - b: c\n", "{list: [a, {b: c}]}"),
        ("text: |\n  two\n  lines\n", "{text: 'two\nlines\n'}"),
        ("base: &b {host: h}\ncopy: *b\n", "{base: {host: h}, copy: {host: h}}"),
        ("name: Zoë\n", "{name: Zoë}"),
    ])
    func documentsComposeInOrder(yaml: String, expected: String) throws {
        #expect(try Self.composed(yaml) == expected)
    }

    @Test(arguments: [
        ("a: 1\n---\nb: 2\n", "line 2, column 1: expected a single document, but found another document"),
        ("a: *missing\n", "line 1, column 4: found undefined alias 'missing'"),
        ("a: 1\nb: 2\na: 3\n", "line 3, column 1: duplicate key 'a'"),
        ("a: [1, 2\n", "line 2, column 1: did not find expected ',' or ']'"),
        ("name: Zoë\u{7}\n", "line 1, column 10: control characters are not allowed"),
    ])
    func invalidDocumentsSayWhereAndWhy(yaml: String, expected: String) {
        let error = #expect(throws: YAMLSyntaxError.self) { try YAMLComposer.compose(yaml) }
        #expect(error?.description.hasPrefix("invalid YAML at \(expected)") == true, "\(error?.description ?? "none")")
    }

    @Test func nestingIsBoundedSoAHostileFileCannotExhaustTheStack() throws {
        let allowed = String(repeating: "[", count: YAMLComposer.maximumDepth) + String(repeating: "]", count: YAMLComposer.maximumDepth)
        #expect(try YAMLComposer.compose(allowed) != nil)
        let deeper = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let error = #expect(throws: YAMLSyntaxError.self) { try YAMLComposer.compose(deeper) }
        #expect(error?.problem == "nested more than \(YAMLComposer.maximumDepth) levels deep")
        // libyaml's own limit stops far deeper nesting before it is composed.
        let hostile = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: YAMLSyntaxError.self) { try YAMLComposer.compose(hostile) }
    }

    @Test func errorsNeverQuoteTheText() {
        let error = #expect(throws: YAMLSyntaxError.self) {
            try YAMLComposer.compose("password: \"s3cret-value\n")
        }
        #expect(error?.description.contains("s3cret") == false)
    }
}
