import Testing

@testable import TerminalQR

/// Format and version information against the standard's tables of valid bit sequences.
@Suite struct FormatInformationTests {
    // ISO/IEC 18004, table C.1: the format information, masked, for masks 0…7 of each level.
    static let formatStrings: [QRErrorCorrection: [String]] = [
        .low: [
            "111011111000100", "111001011110011", "111110110101010", "111100010011101",
            "110011000101111", "110001100011000", "110110001000001", "110100101110110",
        ],
        .medium: [
            "101010000010010", "101000100100101", "101111001111100", "101101101001011",
            "100010111111001", "100000011001110", "100111110010111", "100101010100000",
        ],
        .quartile: [
            "011010101011111", "011000001101000", "011111100110001", "011101000000110",
            "010010010110100", "010000110000011", "010111011011010", "010101111101101",
        ],
        .high: [
            "001011010001001", "001001110111110", "001110011100111", "001100111010000",
            "000011101100010", "000001001010101", "000110100001100", "000100000111011",
        ],
    ]

    @Test(arguments: QRErrorCorrection.allCases)
    func formatBitsOfEveryMask(_ correction: QRErrorCorrection) throws {
        let expected = try #require(Self.formatStrings[correction])
        for mask in QRMask.allCases {
            #expect(Self.binary(FormatInformation.formatBits(correction, mask), width: 15) == expected[mask.rawValue], "\(mask)")
        }
    }

    @Test func versionBitsOfTheStandard() throws {
        // ISO/IEC 18004, table D.1 (excerpt).
        let expected: [Int: String] = [
            7: "000111110010010100", 8: "001000010110111100", 9: "001001101010011001", 10: "001010010011010011",
            21: "010101011010000011", 40: "101000110001101001",
        ]
        for (number, bits) in expected {
            let version = QRVersion.numbered(number)
            #expect(Self.binary(FormatInformation.versionBits(version), width: 18) == bits, "\(version)")
        }
    }

    @Test(arguments: [1, 6, 7, 22, 40])
    func bothCopiesOfTheFormatInformationAgree(version number: Int) throws {
        let version = QRVersion.numbered(number)
        let code = try QRCode(bytes: [], version: version, mask: .pattern5)
        let size = code.size
        // Bit 14 first: the first copy along row 8 then up column 8 around the top-left
        // finder; the second up column 8 at the bottom left, then along row 8 at the top right.
        let first = ([0, 1, 2, 3, 4, 5, 7, 8].map { (x: $0, y: 8) } + [7, 5, 4, 3, 2, 1, 0].map { (x: 8, y: $0) })
        let second = (0..<7).map { (x: 8, y: size - 1 - $0) } + (0..<8).map { (x: size - 8 + $0, y: 8) }
        let read = { (positions: [(x: Int, y: Int)]) in positions.map { code.isDark(x: $0.x, y: $0.y) ? "1" : "0" }.joined() }
        let expected = Self.binary(FormatInformation.formatBits(.medium, .pattern5), width: 15)
        #expect(read(first) == expected)
        #expect(read(second) == expected)
        #expect(code.isDark(x: 8, y: size - 8), "the dark module")
    }

    @Test func versionInformationBlocksMirrorEachOther() throws {
        let code = try QRCode(bytes: [], version: QRVersion.numbered(7), mask: .pattern0)
        let bits = FormatInformation.versionBits(QRVersion.numbered(7))
        for index in 0..<18 {
            let expected = (bits >> index) & 1 == 1
            #expect(code.isDark(x: code.size - 11 + index % 3, y: index / 3) == expected, "bit \(index) top right")
            #expect(code.isDark(x: index / 3, y: code.size - 11 + index % 3) == expected, "bit \(index) bottom left")
        }
    }

    static func binary(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 2)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
