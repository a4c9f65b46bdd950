/// A sequence of bits appended most significant bit first, read back as bytes: the data bit
/// stream of a QR code before it is cut into codewords.
struct BitBuffer: Sendable {
    private var bits: [Bool] = []

    /// How many bits have been appended.
    var count: Int { bits.count }

    /// Appends the low `width` bits of `value`, most significant first.
    mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && value >> width == 0, "\(value) does not fit in \(width) bits")
        for shift in stride(from: width - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes, first bit in each byte's most significant place; `count` must be a
    /// multiple of 8.
    var bytes: [UInt8] {
        precondition(count % 8 == 0, "\(count) bits are not whole bytes")
        return stride(from: 0, to: count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { byte, bit in byte << 1 | (bit ? 1 : 0) }
        }
    }
}
