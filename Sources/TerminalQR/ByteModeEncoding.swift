/// The data codewords of bytes in byte mode (ISO/IEC 18004, 7.4): mode indicator 0100, the
/// byte count (8 bits up to version 9, 16 after), the bytes, a terminator of up to four zero
/// bits, zero bits to the next whole codeword, then the pad codewords 0xEC and 0x11 in turn.
enum ByteModeEncoding {
    private static let modeIndicator = 0b0100
    private static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The width of the byte count in `version`.
    static func countIndicatorWidth(_ version: QRVersion) -> Int {
        version.number <= 9 ? 8 : 16
    }

    /// The most bytes a symbol of `version` holds at `correction`.
    static func capacity(_ version: QRVersion, _ correction: QRErrorCorrection) -> Int {
        let dataBits = version.codewordLayout(correction).dataCodewords * 8
        return (dataBits - 4 - countIndicatorWidth(version)) / 8
    }

    /// The data codewords of `bytes`, which must fit (``capacity(_:_:)``), filling `dataCodewords`.
    static func dataCodewords(_ bytes: [UInt8], version: QRVersion, dataCodewords: Int) -> [UInt8] {
        var buffer = BitBuffer()
        buffer.append(modeIndicator, width: 4)
        buffer.append(bytes.count, width: countIndicatorWidth(version))
        for byte in bytes { buffer.append(Int(byte), width: 8) }
        let capacityBits = dataCodewords * 8
        precondition(buffer.count <= capacityBits, "\(bytes.count) bytes do not fit in \(version)")
        buffer.append(0, width: min(4, capacityBits - buffer.count))
        buffer.append(0, width: (8 - buffer.count % 8) % 8)
        let codewords = buffer.bytes
        return codewords + (0..<dataCodewords - codewords.count).map { padCodewords[$0 % 2] }
    }
}
