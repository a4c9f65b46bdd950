import AlarmCore
import Testing

/// A program's output, in chunks of any size, becomes whole lines.
@Suite struct OutputLineSplitterTests {
    static let output = Array("first\r\nsecond\n\nthird, no newline".utf8)

    /// Feeds `bytes` in chunks of `size`, then finishes.
    private func split(_ bytes: [UInt8], chunk size: Int, maximumLength: Int = 4096) -> [String] {
        var splitter = OutputLineSplitter(maximumLength: maximumLength)
        var lines: [String] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            lines += splitter.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return lines + [splitter.finish()].compactMap { $0 }
    }

    @Test(arguments: [1, 2, 7, 1000])
    func chunkSizeDoesNotMatter(size: Int) {
        #expect(split(Self.output, chunk: size) == ["first", "second", "", "third, no newline"])
    }

    @Test func longLinesAreCutIntoPieces() {
        #expect(split(Array("abcdefgh\nij\n".utf8), chunk: 3, maximumLength: 3) == ["abc", "def", "gh", "ij"])
    }

    @Test func aNewlineRightAfterACutAddsNoEmptyPiece() {
        #expect(split(Array("abcdef\n\nx".utf8), chunk: 1, maximumLength: 3) == ["abc", "def", "", "x"])
    }

    @Test func invalidUTF8IsReplaced() {
        #expect(split([0x61, 0xFF, 0x62, 0x0A], chunk: 1) == ["a\u{FFFD}b"])
    }

    @Test func nothingPendingFinishesWithNil() {
        var splitter = OutputLineSplitter()
        #expect(splitter.append(Array("done\n".utf8)) == ["done"])
        #expect(splitter.finish() == nil)
    }
}
