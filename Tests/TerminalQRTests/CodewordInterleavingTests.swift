import Testing

@testable import TerminalQR

/// Splitting into blocks and interleaving them (ISO/IEC 18004, 7.6).
@Suite struct CodewordInterleavingTests {
    @Test func version5QHasTwoShortAndTwoLongBlocks() throws {
        // ISO/IEC 18004, table 9: 5-Q is 2 blocks of (33, 15) and 2 of (34, 16).
        let layout = QRVersion.numbered(5).codewordLayout(.quartile)
        #expect(layout.totalCodewords == 134)
        #expect(layout.dataCodewords == 62)
        #expect(layout.errorCorrectionPerBlock == 18)
        #expect((0..<4).map(layout.dataCodewords(inBlock:)) == [15, 15, 16, 16])
    }

    @Test func dataCodewordsAreTakenAcrossTheBlocksThenTheErrorCorrection() throws {
        let layout = QRVersion.numbered(5).codewordLayout(.quartile)
        let data = (0..<62).map { UInt8($0) }
        let sequence = CodewordInterleaving.finalCodewords(data, layout: layout)

        #expect(sequence.count == 134)
        // Blocks start at 0, 15, 30 and 46; the long blocks' last codewords come last.
        #expect(sequence.prefix(8) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(sequence[56..<62] == [14, 29, 44, 60, 45, 61])
        let encoder = ReedSolomonEncoder(degree: 18)
        let blocks = [data[0..<15], data[15..<30], data[30..<46], data[46..<62]].map { encoder.errorCorrection(for: Array($0)) }
        for index in 0..<18 {
            #expect(sequence[62 + 4 * index..<62 + 4 * index + 4].elementsEqual(blocks.map { $0[index] }), "error correction codeword \(index)")
        }
    }

    @Test func everyVersionAndLevelHasWholeBlocksAndAtMostSevenRemainderBits() {
        for version in QRVersion.all {
            for correction in QRErrorCorrection.allCases {
                let layout = version.codewordLayout(correction)
                #expect(layout.shortBlockCount >= 1 && layout.shortBlockCount <= layout.blockCount)
                #expect((0..<layout.blockCount).reduce(0) { $0 + layout.dataCodewords(inBlock: $1) } == layout.dataCodewords)
                #expect(version.dataModuleCount - layout.totalCodewords * 8 < 8)
            }
        }
    }

    @Test func dataModulesOfTheStandardsTable1() throws {
        // ISO/IEC 18004, table 1: 26 codewords in version 1, 44 and 7 remainder bits in 2, 196
        // in 7, 3706 in 40.
        #expect(QRVersion.numbered(1).dataModuleCount == 208)
        #expect(QRVersion.numbered(2).dataModuleCount == 359)
        #expect(QRVersion.numbered(7).dataModuleCount == 1568)
        #expect(QRVersion.numbered(40).dataModuleCount == 29648)
    }
}
