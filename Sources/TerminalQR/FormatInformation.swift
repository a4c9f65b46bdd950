/// The BCH-protected words that tell a reader how a symbol is encoded (ISO/IEC 18004, 7.9
/// and 7.10): the format information (error correction level and mask) and, from version 7
/// on, the version information.
enum FormatInformation {
    /// The 15-bit format information of `correction` and `mask`: 5 data bits, 10 bits of the
    /// (15, 5) BCH code with generator 0x537, masked with 0x5412 so it is never all light.
    static func formatBits(_ correction: QRErrorCorrection, _ mask: QRMask) -> Int {
        let data = correction.formatBits << 3 | mask.rawValue
        return (data << 10 | remainder(data << 10, generator: 0x537)) ^ 0x5412
    }

    /// The 18-bit version information of `version` (7 and later): 6 data bits, 12 bits of the
    /// (18, 6) BCH code with generator 0x1F25.
    static func versionBits(_ version: QRVersion) -> Int {
        version.number << 12 | remainder(version.number << 12, generator: 0x1F25)
    }

    /// `value` modulo `generator`, both polynomials over GF(2) written as bits.
    private static func remainder(_ value: Int, generator: Int) -> Int {
        let degree = generator.bitWidth - generator.leadingZeroBitCount - 1
        var value = value
        while value.bitWidth - value.leadingZeroBitCount - 1 >= degree {
            value ^= generator << (value.bitWidth - value.leadingZeroBitCount - 1 - degree)
        }
        return value
    }
}

extension ModuleGrid {
    /// Draws the format information `bits` (bit 14 first in reading order) twice: around the
    /// top-left finder pattern, and split between the other two; plus the dark module beside
    /// the bottom-left finder.
    mutating func drawFormatInformation(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), bits
        // 8–14 leftwards along row 8 (skipping the timing column).
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9...14 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
        // The copy: bits 0–7 leftwards along row 8 from the right edge, bits 8–14 down column 8
        // to the bottom edge.
        for index in 0...7 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8...14 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// Draws the version information of `version` in its two 6 × 3 blocks, beside the top-right
    /// and bottom-left finder patterns (mirror images of each other).
    mutating func drawVersionInformation(_ version: QRVersion) {
        let bits = FormatInformation.versionBits(version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let (long, short) = (size - 11 + index % 3, index / 3)
            setFunction(x: long, y: short, dark: isDark)
            setFunction(x: short, y: long, dark: isDark)
        }
    }
}
