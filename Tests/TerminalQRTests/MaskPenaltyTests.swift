import Testing

@testable import TerminalQR

/// The four penalty features of ISO/IEC 18004, table 11, on hand-made rows and symbols.
@Suite struct MaskPenaltyTests {
    /// "#" dark, "." light.
    static func line(_ text: String) -> [Bool] { text.map { $0 == "#" } }

    @Test func runsOfFiveOrMoreScoreThreePlusTheExcess() {
        #expect(MaskPenalty.sameColorRuns(Self.line("####.####")) == 0)
        #expect(MaskPenalty.sameColorRuns(Self.line("#####.#")) == 3)
        #expect(MaskPenalty.sameColorRuns(Self.line("#.......")) == 5)
        #expect(MaskPenalty.sameColorRuns(Self.line(".....######")) == 3 + 4)
    }

    @Test func everyTwoByTwoBlockOfOneColourScoresThree() {
        let rows = ["###", "###", "###"].map(Self.line)
        #expect(MaskPenalty.sameColorBlocks(rows) == 4 * 3)
        #expect(MaskPenalty.sameColorBlocks(["#.#", ".#.", "#.#"].map(Self.line)) == 0)
        #expect(MaskPenalty.sameColorBlocks(["##.", "##.", "..#"].map(Self.line)) == 3)
    }

    @Test func aFinderLikePatternNeedsFourLightModulesOnOneSide() {
        #expect(MaskPenalty.finderLikePatterns(Self.line("....#.###.#")) == 40)
        #expect(MaskPenalty.finderLikePatterns(Self.line("#.###.#....#")) == 40)
        #expect(MaskPenalty.finderLikePatterns(Self.line("....#.###.#....")) == 40, "counted once with light on both sides")
        #expect(MaskPenalty.finderLikePatterns(Self.line("#...#.###.#...#")) == 0)
        #expect(MaskPenalty.finderLikePatterns(Self.line("....#.##.#....")) == 0, "not 1:1:3:1:1")
    }

    @Test func beyondTheSymbolsEdgeIsLight() {
        #expect(MaskPenalty.finderLikePatterns(Self.line("#.###.##")) == 40)
        #expect(MaskPenalty.finderLikePatterns(Self.line("##.#.###.#")) == 40)
        #expect(MaskPenalty.finderLikePatterns(Self.line("#.#")) == 0)
    }

    @Test func darkProportionScoresTenPerWholeFivePercentFromHalf() {
        func rows(dark: Int, of total: Int) -> [[Bool]] {
            [(0..<total).map { $0 < dark }]
        }
        #expect(MaskPenalty.darkProportion(rows(dark: 50, of: 100)) == 0)
        #expect(MaskPenalty.darkProportion(rows(dark: 54, of: 100)) == 0)
        #expect(MaskPenalty.darkProportion(rows(dark: 55, of: 100)) == 10)
        #expect(MaskPenalty.darkProportion(rows(dark: 41, of: 100)) == 10)
        #expect(MaskPenalty.darkProportion(rows(dark: 39, of: 100)) == 20)
        #expect(MaskPenalty.darkProportion(rows(dark: 100, of: 100)) == 100)
    }

    @Test func theScoreSumsTheFeaturesOverRowsAndColumns() {
        // A 5 × 5 all-dark symbol: 10 runs of 5 (3 each), 16 blocks (3 each), 100 % dark.
        let grid = ModuleGrid(rows: Array(repeating: Array(repeating: true, count: 5), count: 5))
        #expect(MaskPenalty.score(grid) == 10 * 3 + 16 * 3 + 100)
        // An 11 × 11 light symbol with one finder-like row (the second). N1: 10 light rows of
        // 11 (9 each) and 6 light columns of 11 (9 each), 5 columns with a light run of 9 (7
        // each); N2: 86 blocks; N3: 40; N4: 5 of 121 dark, 9 steps of 5 %.
        let rows = ["...........", "....#.###.#"] + Array(repeating: "...........", count: 9)
        let sparse = ModuleGrid(rows: rows.map(Self.line))
        #expect(MaskPenalty.score(sparse) == (10 * 9 + 6 * 9 + 5 * 7) + 86 * 3 + 40 + 90)
    }
}
