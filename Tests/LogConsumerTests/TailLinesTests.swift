import Testing

@testable import LogConsumer

/// Reading a file's last lines backwards, in chunks of every size.
@Suite struct TailLinesTests {
    /// The lines `TailLines` finds in `text` with chunks of `chunkSize`, last first.
    private func lines(_ text: String, limit: Int = 100, chunkSize: Int) -> [String] {
        let bytes = Array(text.utf8)
        var found: [String] = []
        let count = TailLines.forEach(inFileOf: Int64(bytes.count), limit: limit, chunkSize: chunkSize) { offset, count in
            Array(bytes[Int(offset)..<Int(offset) + count])
        } _: { found.append(String(decoding: $0, as: UTF8.self)) }
        #expect(count == found.count)
        return found
    }

    @Test(arguments: 1...9)
    func completeLinesComeLastFirstWhateverTheChunkSize(chunkSize: Int) {
        #expect(lines("one\ntwo\nthree\n", chunkSize: chunkSize) == ["three", "two", "one"])
        #expect(lines("one\ntwo\nthree\n", limit: 2, chunkSize: chunkSize) == ["three", "two"])
        #expect(lines("one\ntwo\nunfinished", chunkSize: chunkSize) == ["two", "one"])
        #expect(lines("\n\nlast\n", chunkSize: chunkSize) == ["last", "", ""])
    }

    @Test func filesWithoutACompleteLineHaveNone() {
        #expect(lines("", chunkSize: 4).isEmpty)
        #expect(lines("no newline", chunkSize: 4).isEmpty)
        #expect(lines("one\n", limit: 0, chunkSize: 4).isEmpty)
    }
}
