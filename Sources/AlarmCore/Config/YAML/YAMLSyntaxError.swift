/// Why a text is not a YAML document the configuration can use, and where (1-based line and
/// column). The problem never quotes the text, which may hold a secret.
struct YAMLSyntaxError: Error, CustomStringConvertible {
    let line: Int
    let column: Int
    let problem: String

    var description: String { "invalid YAML at line \(line), column \(column): \(problem)" }
}
