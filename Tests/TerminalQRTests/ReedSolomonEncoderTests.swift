import Testing

@testable import TerminalQR

/// Reed–Solomon codewords checked against published examples.
@Suite struct ReedSolomonEncoderTests {
    @Test func generatorPolynomialsOfTheStandard() {
        // ISO/IEC 18004, annex A: the exponents of α in g(x) below the leading x^n.
        let exponents: [Int: [Int]] = [
            7: [87, 229, 146, 149, 238, 102, 21],
            10: [251, 67, 46, 61, 118, 70, 64, 94, 32, 45],
        ]
        for (degree, powers) in exponents {
            #expect(ReedSolomonEncoder(degree: degree).generator == powers.map(GaloisField.power), "degree \(degree)")
        }
    }

    @Test func theStandardsExampleSymbol() {
        // ISO/IEC 18004, annex I: "01234567" in numeric mode, version 1-M.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let expected: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        #expect(ReedSolomonEncoder(degree: 10).errorCorrection(for: data) == expected)
    }

    @Test func helloWorldVersion1M() {
        // "HELLO WORLD" in alphanumeric mode, version 1-M, the example of many QR tutorials.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        #expect(ReedSolomonEncoder(degree: 10).errorCorrection(for: data) == expected)
    }

    @Test func aCodewordIsAMultipleOfTheGenerator() {
        // Data followed by its error correction codewords divides by g(x): encoding that
        // sequence once more (as data of a longer block) leaves no remainder.
        let encoder = ReedSolomonEncoder(degree: 22)
        let data = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let codeword = data + encoder.errorCorrection(for: data)
        let remainder = encoder.errorCorrection(for: codeword)
        // The remainder of c(x)·x^n is zero when g divides c.
        #expect(remainder == [UInt8](repeating: 0, count: 22))
    }
}
