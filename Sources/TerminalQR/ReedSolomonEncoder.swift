/// Reed–Solomon error correction codewords over ``GaloisField`` (ISO/IEC 18004, 7.5.2): the
/// remainder of the data polynomial times xⁿ divided by the generator polynomial
/// g(x) = (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), where n is the number of error correction codewords.
struct ReedSolomonEncoder: Sendable {
    /// g(x)'s coefficients below its leading 1, highest degree first.
    let generator: [UInt8]

    /// An encoder that makes `degree` error correction codewords per block.
    init(degree: Int) {
        var coefficients: [UInt8] = [1]
        for exponent in 0..<degree {
            // Multiply by (x + αⁱ): subtraction is addition (XOR) in GF(2⁸).
            let root = GaloisField.power(exponent)
            var product = coefficients + [0]
            for (index, coefficient) in coefficients.enumerated() {
                product[index + 1] ^= GaloisField.multiply(coefficient, root)
            }
            coefficients = product
        }
        generator = Array(coefficients.dropFirst())
    }

    /// The error correction codewords of `data`, one block's data codewords.
    func errorCorrection(for data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for codeword in data {
            let factor = codeword ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in generator.indices {
                remainder[index] ^= GaloisField.multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
