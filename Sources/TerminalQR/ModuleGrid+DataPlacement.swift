extension ModuleGrid {
    /// Places `codewords` in the modules no function pattern uses (ISO/IEC 18004, 7.7.3): in
    /// two-module-wide columns from the right edge, upwards then downwards in turn, skipping the
    /// vertical timing pattern; each codeword's most significant bit first. The remainder bits
    /// after the last codeword stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        for (pair, right) in Self.columnPairRightEdges(size: size).enumerated() {
            let upwards = pair % 2 == 0
            for step in 0..<size {
                let y = upwards ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction(x: x, y: y) {
                    let isDark = bitIndex < bitCount && (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                    setData(x: x, y: y, dark: isDark)
                    bitIndex += 1
                }
            }
        }
        precondition(bitIndex >= bitCount, "\(bitCount) bits for \(bitIndex) data modules")
    }

    /// The right-hand columns of the two-module columns, right to left: the column of the
    /// vertical timing pattern (6) is skipped, so left of it the pairs shift by one.
    private static func columnPairRightEdges(size: Int) -> [Int] {
        stride(from: size - 1, through: 1, by: -2).map { $0 <= 6 ? $0 - 1 : $0 }
    }
}
