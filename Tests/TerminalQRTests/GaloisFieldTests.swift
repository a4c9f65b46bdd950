import Testing

@testable import TerminalQR

/// GF(2⁸) over x⁸ + x⁴ + x³ + x² + 1, checked against the standard's table of powers of α and
/// the field's laws.
@Suite struct GaloisFieldTests {
    @Test func powersOfAlphaMatchTheStandardsTable() {
        // Some powers of α as the field's log table lists them (α²⁵⁴ is the inverse of 2).
        let expected: [Int: UInt8] = [
            0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 32, 6: 64, 7: 128, 8: 29, 9: 58, 25: 3, 100: 17, 254: 142,
        ]
        for (exponent, value) in expected {
            #expect(GaloisField.power(exponent) == value, "α^\(exponent)")
        }
        #expect(GaloisField.power(255) == 1)
    }

    @Test func everyNonZeroElementIsAPowerOfAlphaOnce() {
        #expect(Set((0..<255).map(GaloisField.power)) == Set(1...255))
    }

    @Test func multiplyingPowersAddsTheirExponents() {
        for i in 0..<255 {
            for j in stride(from: 0, to: 255, by: 7) {
                #expect(GaloisField.multiply(GaloisField.power(i), GaloisField.power(j)) == GaloisField.power(i + j))
            }
        }
    }

    @Test func multiplicationByZeroAndOne() {
        for value in UInt8.min...UInt8.max {
            #expect(GaloisField.multiply(value, 0) == 0)
            #expect(GaloisField.multiply(0, value) == 0)
            #expect(GaloisField.multiply(value, 1) == value)
        }
    }

    @Test func multiplicationDistributesOverAddition() {
        for a in stride(from: 0, through: 255, by: 5) {
            for b in stride(from: 0, through: 255, by: 3) {
                for c: UInt8 in [1, 2, 29, 142, 255] {
                    let (x, y) = (UInt8(a), UInt8(b))
                    #expect(GaloisField.multiply(x ^ y, c) == GaloisField.multiply(x, c) ^ GaloisField.multiply(y, c))
                }
            }
        }
    }
}
