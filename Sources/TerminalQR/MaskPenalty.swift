/// The penalty of a masked symbol (ISO/IEC 18004, 7.8.3, table 11): the lower, the fewer
/// patterns that could confuse a reader. The sum of four features:
/// - N1: each run of 5 + i modules of one colour in a row or column scores 3 + i;
/// - N2: each 2 × 2 block of one colour scores 3 (overlapping blocks count each);
/// - N3: each dark–light–dark–dark–dark–light–dark (1:1:3:1:1) run in a row or column with four
///   light modules before or after it scores 40; modules outside the symbol are light (the
///   quiet zone);
/// - N4: 10 for each full 5 % that the share of dark modules lies away from 50 %.
enum MaskPenalty {
    /// The total penalty of `grid`.
    static func score(_ grid: ModuleGrid) -> Int {
        let rows = grid.rows
        let columns = (0..<grid.size).map { x in rows.map { $0[x] } }
        let linePenalties = (rows + columns).reduce(0) { total, line in
            total + sameColorRuns(line) + finderLikePatterns(line)
        }
        return linePenalties + sameColorBlocks(rows) + darkProportion(rows)
    }

    /// N1 of one row or column.
    static func sameColorRuns(_ line: [Bool]) -> Int {
        var penalty = 0
        var start = 0
        while start < line.count {
            var end = start + 1
            while end < line.count && line[end] == line[start] { end += 1 }
            if end - start >= 5 { penalty += 3 + (end - start - 5) }
            start = end
        }
        return penalty
    }

    /// N2 of the whole symbol, given row by row.
    static func sameColorBlocks(_ rows: [[Bool]]) -> Int {
        var blocks = 0
        for y in rows.indices.dropLast() {
            for x in rows[y].indices.dropLast() {
                let color = rows[y][x]
                if rows[y][x + 1] == color && rows[y + 1][x] == color && rows[y + 1][x + 1] == color { blocks += 1 }
            }
        }
        return 3 * blocks
    }

    private static let finderLike = [true, false, true, true, true, false, true]

    /// N3 of one row or column.
    static func finderLikePatterns(_ line: [Bool]) -> Int {
        func isLight(_ range: Range<Int>) -> Bool {
            range.allSatisfy { !line.indices.contains($0) || !line[$0] }
        }
        var found = 0
        for start in 0..<max(0, line.count - finderLike.count + 1)
        where line[start..<start + finderLike.count].elementsEqual(finderLike) {
            let end = start + finderLike.count
            if isLight(start - 4..<start) || isLight(end..<end + 4) { found += 1 }
        }
        return 40 * found
    }

    /// N4 of the whole symbol, given row by row.
    static func darkProportion(_ rows: [[Bool]]) -> Int {
        let total = rows.reduce(0) { $0 + $1.count }
        let dark = rows.reduce(0) { count, row in count + row.count(where: { $0 }) }
        // |dark / total − 1/2| in steps of 5 %: |20·dark − 10·total| / total, rounded down.
        return 10 * (abs(20 * dark - 10 * total) / total)
    }
}
