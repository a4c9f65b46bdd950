/// Reads the last lines of a file backwards, a chunk at a time, so that start-up reads only what
/// it needs however large the file has grown.
enum TailLines {
    /// The size of one read.
    static let defaultChunkSize = 65_536

    /// Calls `body` with each complete line (without its newline), the last line first, until
    /// `limit` lines have been seen or the start of the file is reached. Bytes after the last
    /// newline are not a complete line and are skipped.
    ///
    /// - Parameters:
    ///   - size: The file's size.
    ///   - read: Reads `count` bytes at `offset` (always within the file).
    /// - Returns: How many lines `body` was called with.
    @discardableResult
    static func forEach<Failure: Error>(
        inFileOf size: Int64, limit: Int, chunkSize: Int = defaultChunkSize,
        read: (_ offset: Int64, _ count: Int) throws(Failure) -> [UInt8],
        _ body: ([UInt8]) -> Void
    ) throws(Failure) -> Int {
        var position = size
        var seen = 0
        var reversedLine: [UInt8] = []
        var terminated = false
        while position > 0 && seen < limit {
            let count = Int(min(Int64(chunkSize), position))
            position -= Int64(count)
            let chunk = try read(position, count)
            for byte in chunk.reversed() {
                guard byte == UInt8(ascii: "\n") else {
                    if terminated { reversedLine.append(byte) }
                    continue
                }
                if terminated {
                    body(reversedLine.reversed())
                    seen += 1
                    if seen == limit { return seen }
                    reversedLine.removeAll(keepingCapacity: true)
                }
                terminated = true
            }
        }
        // The start of the file: the first line has no newline before it.
        if terminated {
            body(reversedLine.reversed())
            seen += 1
        }
        return seen
    }
}
