import Testing

@testable import TerminalQR

/// The data bit stream in byte mode and the capacities of the standard's table 7.
@Suite struct ByteModeEncodingTests {
    @Test func capacitiesOfVersions1To13AtLevelM() {
        // ISO/IEC 18004, table 7: bytes in byte mode, level M.
        let expected = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331]
        #expect(QRVersion.all.prefix(13).map { QRCode.capacity(of: $0, correction: .medium) } == expected)
    }

    @Test func capacitiesOfTheSmallestAndLargestVersionAtEveryLevel() throws {
        let levels: [QRErrorCorrection] = [.low, .medium, .quartile, .high]
        #expect(levels.map { QRCode.capacity(of: QRVersion.all[0], correction: $0) } == [17, 14, 11, 7])
        #expect(levels.map { QRCode.capacity(of: QRVersion.all[39], correction: $0) } == [2953, 2331, 1663, 1273])
    }

    @Test func noBytesAreTheModeACountOfZeroATerminatorAndPadding() throws {
        let codewords = ByteModeEncoding.dataCodewords([], version: QRVersion.numbered(1), dataCodewords: 16)
        #expect(codewords == [0x40, 0x00] + Array(repeating: [0xEC, 0x11], count: 7).flatMap { $0 })
    }

    @Test func bytesFollowTheModeAndCountHalfACodewordOff() throws {
        // 0100 00000010 01000001 01000010 0000, then pad codewords.
        let codewords = ByteModeEncoding.dataCodewords(Array("AB".utf8), version: QRVersion.numbered(1), dataCodewords: 16)
        #expect(codewords.prefix(4) == [0x40, 0x24, 0x14, 0x20])
        #expect(codewords.dropFirst(4) == [0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test func fromVersion10TheCountHas16Bits() throws {
        let layout = QRVersion.numbered(10).codewordLayout(.medium)
        let codewords = ByteModeEncoding.dataCodewords([0xFF], version: QRVersion.numbered(10), dataCodewords: layout.dataCodewords)
        // 0100 0000000000000001 11111111 0000
        #expect(codewords.prefix(4) == [0x40, 0x00, 0x1F, 0xF0])
        #expect(codewords.count == layout.dataCodewords)
    }

    @Test func aFullSymbolHasAShortTerminatorAndNoPadding() throws {
        // Version 1-M: 128 data bits; 4 + 8 + 14 × 8 = 124, so the terminator is 4 bits and
        // nothing is padded.
        let bytes = [UInt8](repeating: 0xFF, count: 14)
        let codewords = ByteModeEncoding.dataCodewords(bytes, version: QRVersion.numbered(1), dataCodewords: 16)
        #expect(codewords == [0x40, 0xEF] + [UInt8](repeating: 0xFF, count: 13) + [0xF0])
    }
}
