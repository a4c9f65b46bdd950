/// Reads a ``TerminalQR/QRCode/terminalRendering(background:)`` back: which half of each
/// character cell the terminal draws in the text colour.
enum RenderedText {
    struct UnexpectedCharacter: Error, CustomStringConvertible {
        let character: Character
        var description: String { "the rendering has \(character.unicodeScalars.map { "U+\(String($0.value, radix: 16))" }) besides ▀ ▄ █ and space" }
    }

    /// The drawn half cells, two rows per line, top row first; true = drawn in the text colour.
    static func drawnRows(_ text: String) throws -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var top: [Bool] = []
            var bottom: [Bool] = []
            for character in line {
                switch character {
                case "█": (top, bottom) = (top + [true], bottom + [true])
                case "▀": (top, bottom) = (top + [true], bottom + [false])
                case "▄": (top, bottom) = (top + [false], bottom + [true])
                case " ": (top, bottom) = (top + [false], bottom + [false])
                default: throw UnexpectedCharacter(character: character)
                }
            }
            rows += [top, bottom]
        }
        return rows
    }
}
