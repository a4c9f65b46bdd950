/// How a symbol's codewords are split into Reed–Solomon blocks for one version and error
/// correction level (ISO/IEC 18004, table 9): `blockCount` blocks of equal error correction
/// length; the data codewords are shared out so that the last blocks hold one more.
struct CodewordLayout: Sendable, Hashable {
    /// All codewords the symbol holds, data and error correction.
    let totalCodewords: Int
    /// The number of blocks.
    let blockCount: Int
    /// The error correction codewords of each block.
    let errorCorrectionPerBlock: Int

    /// The data codewords of the whole symbol.
    var dataCodewords: Int { totalCodewords - blockCount * errorCorrectionPerBlock }
    /// How many blocks hold ``shortBlockDataCodewords``; the rest hold one more.
    var shortBlockCount: Int { blockCount - totalCodewords % blockCount }
    /// The data codewords of each of the first, shorter blocks.
    var shortBlockDataCodewords: Int { totalCodewords / blockCount - errorCorrectionPerBlock }

    /// The data codewords of block `index`.
    func dataCodewords(inBlock index: Int) -> Int {
        shortBlockDataCodewords + (index < shortBlockCount ? 0 : 1)
    }
}

extension QRVersion {
    /// The modules left for codewords once the function patterns, format and version
    /// information are placed: whole codewords plus 0–7 remainder bits.
    var dataModuleCount: Int {
        var count = size * size
        count -= 3 * 8 * 8  // finder patterns with their separators
        count -= 2 * (size - 16)  // timing patterns between the separators
        count -= 2 * 15 + 1  // both copies of the format information and the dark module
        let alignmentCount = alignmentPatternCenters.count
        if alignmentCount > 0 {
            // Every pair of centres but the three under finder patterns; those on row or column 6
            // share five modules with a timing pattern, counted there already.
            count -= 25 * (alignmentCount * alignmentCount - 3)
            count += 5 * 2 * (alignmentCount - 2)
        }
        if number >= 7 { count -= 2 * 18 }  // both copies of the version information
        return count
    }

    /// The block structure at `correction`.
    func codewordLayout(_ correction: QRErrorCorrection) -> CodewordLayout {
        let column = number - 1
        let (perBlock, blocks): (Int, Int) =
            switch correction {
            case .low: (Self.lowPerBlock[column], Self.lowBlocks[column])
            case .medium: (Self.mediumPerBlock[column], Self.mediumBlocks[column])
            case .quartile: (Self.quartilePerBlock[column], Self.quartileBlocks[column])
            case .high: (Self.highPerBlock[column], Self.highBlocks[column])
            }
        return CodewordLayout(totalCodewords: dataModuleCount / 8, blockCount: blocks, errorCorrectionPerBlock: perBlock)
    }

    // ISO/IEC 18004, table 9, versions 1...40: error correction codewords per block, and blocks.
    private static let lowPerBlock = [
        7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
        28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
    private static let lowBlocks = [
        1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
        8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ]
    private static let mediumPerBlock = [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    private static let mediumBlocks = [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]
    private static let quartilePerBlock = [
        13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
        28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
    private static let quartileBlocks = [
        1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
        23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ]
    private static let highPerBlock = [
        17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
        30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
    private static let highBlocks = [
        1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
        25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ]
}
