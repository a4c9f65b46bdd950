import EnvisalinkTPI
import NIOCore
import NIOTestUtils
import Testing

@Suite("TPI frames")
struct FrameTests {
    /// The reference's checksum examples: frame = code + data + checksum.
    static let examples = [
        "5053CD", "5052CC", "5051CB", "5050CA", "005user54", "5000052A", "00090", "50000025", "00191", "00898",
        "0301C4", "0311C5", "0321C6", "040112348F", "60900130", "6521200", "51081FF", "51080FE", "8411CE",
        "5020232C", "5000322A", "90099", "20012345C", "50020027", "0711*1#47", "0551CB", "0550CA", "0560CB",
    ]

    @Test("reference checksum examples", arguments: examples)
    func checksumExamples(wire: String) throws {
        let frame = try TPIFrame(code: String(wire.prefix(3)), data: String(wire.dropFirst(3).dropLast(2)))
        #expect(frame.checksum == String(wire.suffix(2)))
        #expect(frame.wireBytes == Array(wire.utf8) + [0x0D, 0x0A])
        #expect(TPILine.parse(Array(wire.utf8)) == .frame(frame))
    }

    @Test func timestampPrefixIsStrippedAndNotChecksummed() throws {
        #expect(TPILine.parse(Array("12:34:56 60900130".utf8)) == .frame(try TPIFrame(code: "609", data: "001")))
    }

    @Test func lowercaseReceivedChecksumIsAccepted() throws {
        #expect(TPILine.parse(Array("5053cd".utf8)) == .frame(try TPIFrame(code: "505", data: "3")))
    }

    @Test("invalid lines", arguments: [
        ("60900131", "bad checksum"),
        ("6090", "shorter"),
        ("ABC12", "3 digits"),
        ("609001ZZ", "hex"),
        ("609\u{01}0130", "non-printable"),
    ])
    func invalidLines(wire: String, reason: String) {
        guard case let .invalid(problem) = TPILine.parse(Array(wire.utf8)) else {
            Issue.record("\(wire) should be invalid")
            return
        }
        #expect(problem.reason.contains(reason))
    }

    @Test func secretsAreRedacted() throws {
        #expect(try TPIFrame(code: "005", data: "secret").redacted == "005 ******")
        #expect(try TPIFrame(code: "040", data: "11234").redacted == "040 1****")
        #expect(try TPIFrame(code: "033", data: "2123456").redacted == "033 2******")
        #expect(try TPIFrame(code: "200", data: "1234").redacted == "200 ****")
        #expect(try TPIFrame(code: "071", data: "1*1#").redacted == "071 1***")
        #expect(try TPIFrame(code: "609", data: "001").redacted == "609 001")
        #expect("\(try TPIFrame(code: "040", data: "11234"))" == "040 1****")
        #expect(try TPIFrame(code: "000").redacted == "000")
    }

    @Test func invalidFramesCannotBeBuilt() {
        #expect(throws: TPIFrameProblem.self) { try TPIFrame(code: "60", data: "") }
        #expect(throws: TPIFrameProblem.self) { try TPIFrame(code: "609", data: "0\r\n") }
    }
}

@Suite("TPI line decoder")
struct LineDecoderTests {
    private func decodeAll(_ chunks: [String]) throws -> [TPILine] {
        var decoder = TPILineDecoder()
        var buffer = ByteBuffer()
        var lines: [TPILine] = []
        for chunk in chunks {
            buffer.writeString(chunk)
            while let line = try decoder.decode(buffer: &buffer) { lines.append(line) }
        }
        return lines
    }

    @Test func framesSplitAcrossReadsAndManyPerRead() throws {
        let whole = try decodeAll(["5053CD\r\n60900130\r\n6521200\r\n"])
        let dripped = try decodeAll("5053CD\r\n60900130\r\n6521200\r\n".map { String($0) })
        #expect(whole == dripped)
        #expect(whole.count == 3)
        #expect(whole[1] == .frame(try TPIFrame(code: "609", data: "001")))
    }

    @Test func verifierDripFeedsAndBatches() throws {
        try ByteToMessageDecoderVerifier.verifyDecoder(
            stringInputOutputPairs: [
                ("5053CD\r\n", [.frame(try TPIFrame(code: "505", data: "3"))]),
                ("\r\n8411CE\n", [.frame(try TPIFrame(code: "841", data: "1"))]),
            ],
            decoderFactory: { TPILineDecoder() })
    }

    @Test func garbageBetweenFramesIsReportedAndSkipped() throws {
        let lines = try decodeAll(["\u{00}\u{FF}junk\r\n60900130\r\n60900131\r\n8411CE\r\n"])
        #expect(lines.count == 4)
        guard case .invalid = lines[0], case .frame = lines[1], case .invalid = lines[2], case .frame = lines[3] else {
            Issue.record("unexpected \(lines)")
            return
        }
    }

    @Test func overlongLineIsDroppedOnceWithoutLosingSync() throws {
        let huge = String(repeating: "9", count: 5000)
        let lines = try decodeAll([huge, huge, "\r\n60900130\r\n"])
        #expect(lines.count == 2)
        guard case let .invalid(problem) = lines.first else {
            Issue.record("expected the overlong line to be reported")
            return
        }
        #expect(problem.reason.contains("longer than"))
        #expect(lines.last == .frame(try TPIFrame(code: "609", data: "001")))
    }

    /// Found by the fuzzer: the overlong line and the frames after it arrive in one read.
    @Test func framesInTheSameReadAsAnOverlongLineAreKept() throws {
        let huge = String(repeating: "9", count: 1500)
        let lines = try decodeAll([huge + "\r\n60900130\r\n8411CE\r\n"])
        #expect(lines.count == 3, "\(lines)")
        #expect(Array(lines.dropFirst()) == [.frame(try TPIFrame(code: "609", data: "001")), .frame(try TPIFrame(code: "841", data: "1"))])
    }

    @Test func halfFrameWaitsForTheRest() throws {
        var decoder = TPILineDecoder()
        var buffer = ByteBuffer(string: "60900")
        #expect(try decoder.decode(buffer: &buffer) == nil)
        buffer.writeString("130\r\n")
        #expect(try decoder.decode(buffer: &buffer) == .frame(try TPIFrame(code: "609", data: "001")))
    }
}
