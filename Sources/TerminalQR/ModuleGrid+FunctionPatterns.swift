extension ModuleGrid {
    /// A grid for `version` with its finder, separator, timing and alignment patterns drawn and
    /// the format and version information areas reserved (light until drawn).
    init(functionPatternsOf version: QRVersion) {
        self.init(size: version.size)
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            drawFinderPattern(centerX: x, centerY: y)
        }
        let centers = version.alignmentPatternCenters
        for x in centers {
            for y in centers where !Self.isUnderFinderPattern(x, y, centers: centers) {
                drawAlignmentPattern(centerX: x, centerY: y)
            }
        }
        drawFormatInformation(0)
        if version.number >= 7 { drawVersionInformation(version) }
    }

    /// A 7 × 7 finder pattern and its light separator, clipped at the symbol's edges.
    private mutating func drawFinderPattern(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (x, y) = (centerX + dx, centerY + dy)
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5 × 5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignmentPattern(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Whether the alignment pattern centred at (x, y) would cover a finder pattern: the
    /// top-left, top-right and bottom-left pairs of centres are left out.
    private static func isUnderFinderPattern(_ x: Int, _ y: Int, centers: [Int]) -> Bool {
        let first = centers[0]
        let last = centers[centers.count - 1]
        return (x == first && y == first) || (x == first && y == last) || (x == last && y == first)
    }
}

extension QRVersion {
    /// The rows (and columns) of the alignment patterns' centres (ISO/IEC 18004, annex E):
    /// 6, then evenly spaced (even steps) up to size − 7; none in version 1.
    var alignmentPatternCenters: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let last = size - 7
        // The spacing: (last − 6) / (count − 1) rounded up to an even number, except version
        // 32, whose table entry is 26 where the rounding gives 28.
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<count - 1).map { last - step * (count - 2 - $0) }
    }
}
