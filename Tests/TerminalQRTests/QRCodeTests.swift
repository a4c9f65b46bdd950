import Testing

@testable import TerminalQR

/// The symbol as a whole: version choice, the too-long error, function patterns, mask choice.
@Suite struct QRCodeTests {
    /// The sign-in link `howalarming-command tokens create --qr` shows: 34 + 43 bytes.
    static let signInLink = Array("https://alarm.example:8443/#token=".utf8) + Array("Qm9vb2tzIGFuZCBjb2ZmZWUgYW5kIGNhdHMgYW5kIHM".utf8)

    @Test func theSignInLinkTakesVersion5AtLevelM() throws {
        #expect(Self.signInLink.count == 77)
        let code = try QRCode(bytes: Self.signInLink)
        #expect(code.version.number == 5)
        #expect(code.correction == .medium)
        #expect(code.size == 37)
        #expect(code.modules.count == 37 && code.modules.allSatisfy { $0.count == 37 })
    }

    @Test func theSmallestVersionThatHoldsTheBytes() throws {
        #expect(try QRCode(bytes: []).version.number == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 14)).version.number == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15)).version.number == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15), correction: .low).version.number == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 2331)).version.number == 40)
    }

    @Test func tooManyBytesForVersion40() {
        #expect(throws: QRCodeError.dataTooLong(byteCount: 2332, capacity: 2331)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 2332))
        }
        #expect(throws: QRCodeError.dataTooLong(byteCount: 1274, capacity: 1273)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 1274), correction: .high)
        }
    }

    @Test func tooManyBytesForTheVersionAskedFor() throws {
        let version = QRVersion.numbered(3)
        #expect(throws: QRCodeError.dataTooLong(byteCount: 43, capacity: 42)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 43), version: version)
        }
        #expect(try QRCode(bytes: [0x41], version: version).version == version)
    }

    @Test func theErrorGivesCountsButNeverTheData() {
        let secret = Array("token=c2VjcmV0LXRva2VuLXZhbHVlLW5vdC10by1iZS1sb2dnZWQ".utf8)
        let bytes = Array(repeating: secret, count: 30).flatMap { $0 }
        do {
            _ = try QRCode(bytes: bytes, correction: .high)
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "\(bytes.count) bytes do not fit in a QR code: it holds at most 1273 at this size and error correction level")
            #expect(!"\(error)".contains("token"))
        }
    }

    @Test func versionsOutsideOneToFortyDoNotExist() {
        #expect(QRVersion(0) == nil)
        #expect(QRVersion(41) == nil)
        #expect(QRVersion.all.map(\.number) == Array(1...40))
        #expect(QRVersion.all.map(\.size).last == 177)
    }

    @Test(arguments: [1, 2, 7, 14, 40])
    func finderPatternsSeparatorsTimingAndTheDarkModule(version number: Int) throws {
        let code = try QRCode(bytes: Array("finder".utf8), version: QRVersion.numbered(number))
        let size = code.size
        let finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for (dy, row) in finder.enumerated() {
                let drawn = String((0..<7).map { code.isDark(x: left + $0, y: top + dy) ? "#" : "." })
                #expect(drawn == row, "finder at (\(left), \(top)), row \(dy)")
            }
        }
        for index in 0..<8 {
            #expect(!code.isDark(x: 7, y: index) && !code.isDark(x: index, y: 7), "top-left separator")
            #expect(!code.isDark(x: size - 8, y: index) && !code.isDark(x: size - 1 - index, y: 7), "top-right separator")
            #expect(!code.isDark(x: 7, y: size - 1 - index) && !code.isDark(x: index, y: size - 8), "bottom-left separator")
        }
        for index in 8..<size - 8 {
            #expect(code.isDark(x: index, y: 6) == (index % 2 == 0), "horizontal timing at \(index)")
            #expect(code.isDark(x: 6, y: index) == (index % 2 == 0), "vertical timing at \(index)")
        }
        #expect(code.isDark(x: 8, y: size - 8))
    }

    @Test func alignmentPatternCentresOfTheStandard() throws {
        // ISO/IEC 18004, table E.1 (excerpt).
        let expected: [Int: [Int]] = [
            1: [], 2: [6, 18], 6: [6, 34], 7: [6, 22, 38], 14: [6, 26, 46, 66], 32: [6, 34, 60, 86, 112, 138],
            36: [6, 24, 50, 76, 102, 128, 154], 40: [6, 30, 58, 86, 114, 142, 170],
        ]
        for (number, centers) in expected {
            #expect(QRVersion.numbered(number).alignmentPatternCenters == centers, "version \(number)")
        }
    }

    @Test func anAlignmentPatternIsDrawnAtEachCentreClearOfTheFinders() throws {
        let code = try QRCode(bytes: [], version: QRVersion.numbered(7))
        let pattern = ["#####", "#...#", "#.#.#", "#...#", "#####"]
        for (x, y) in [(22, 6), (6, 22), (22, 22), (38, 22), (22, 38), (38, 38)] {
            for (dy, row) in pattern.enumerated() {
                let drawn = String((0..<5).map { code.isDark(x: x - 2 + $0, y: y - 2 + dy) ? "#" : "." })
                #expect(drawn == row, "alignment pattern at (\(x), \(y)), row \(dy)")
            }
        }
    }

    @Test(arguments: [Array("https://alarm.example/".utf8), QRCodeTests.signInLink, (0..<200).map { UInt8($0) }])
    func theChosenMaskHasTheLowestPenalty(bytes: [UInt8]) throws {
        let chosen = try QRCode(bytes: bytes)
        let penalties = try QRMask.allCases.map { mask in
            MaskPenalty.score(ModuleGrid(rows: try QRCode(bytes: bytes, mask: mask).modules))
        }
        #expect(penalties.firstIndex(of: penalties.min() ?? 0) == chosen.mask.rawValue, "penalties \(penalties)")
        #expect(try QRCode(bytes: bytes, mask: chosen.mask) == chosen)
    }

    @Test func differentMasksGiveDifferentDataModulesButTheSameFunctionPatterns() throws {
        let first = try QRCode(bytes: Self.signInLink, mask: .pattern0)
        let second = try QRCode(bytes: Self.signInLink, mask: .pattern1)
        #expect(first.modules != second.modules)
        // The finder patterns and the timing pattern are the same in both.
        for y in 0..<7 {
            for x in 0..<7 { #expect(first.isDark(x: x, y: y) == second.isDark(x: x, y: y)) }
        }
    }
}
