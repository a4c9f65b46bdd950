/// The final codeword sequence (ISO/IEC 18004, 7.6): the data codewords cut into the blocks of
/// a ``CodewordLayout``, each block's Reed–Solomon codewords computed, then the data codewords
/// taken column by column across the blocks, followed the same way by the error correction
/// codewords.
enum CodewordInterleaving {
    /// The codewords to place in the symbol, for `data` (exactly `layout.dataCodewords` long).
    static func finalCodewords(_ data: [UInt8], layout: CodewordLayout) -> [UInt8] {
        precondition(data.count == layout.dataCodewords, "\(data.count) data codewords for a layout of \(layout.dataCodewords)")
        let encoder = ReedSolomonEncoder(degree: layout.errorCorrectionPerBlock)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<layout.blockCount {
            let end = start + layout.dataCodewords(inBlock: index)
            dataBlocks.append(Array(data[start..<end]))
            start = end
        }
        let correctionBlocks = dataBlocks.map(encoder.errorCorrection(for:))
        return interleave(dataBlocks) + interleave(correctionBlocks)
    }

    /// The first codeword of every block, then the second of every block that has one, and so on.
    private static func interleave(_ blocks: [[UInt8]]) -> [UInt8] {
        let longest = blocks.map(\.count).max() ?? 0
        return (0..<longest).flatMap { index in blocks.compactMap { index < $0.count ? $0[index] : nil } }
    }
}
