import EnvisalinkTPI
import Testing

@Suite("How the EVL judges a client's line")
struct TPIClientLineTests {
    @Test("valid frames", arguments: ["00090", "00191", "005user54", "040112348F", "0711*1#47", "20012345C"])
    func validFrames(wire: String) throws {
        let expected = try TPIFrame(code: String(wire.prefix(3)), data: String(wire.dropFirst(3).dropLast(2)))
        #expect(TPIClientLine(line: Array(wire.utf8)) == .frame(expected))
    }

    @Test("bad checksums", arguments: [
        ("00091", "000"),  // wrong sum
        ("0551cb", "055"),  // right sum, lowercase
        ("12:34:56 00090", "12:"),  // a timestamp prefix is covered by the EVL's sum
        ("0", "0"),  // too short to hold a checksum
        ("000ZZ", "000"),
    ])
    func badChecksums(wire: String, prefix: String) {
        #expect(TPIClientLine(line: Array(wire.utf8)) == .badChecksum(prefix: prefix))
    }

    @Test func rightSumOverSomethingThatIsNotAFrameIsMalformed() {
        let body = Array("AB".utf8)
        let line = body + Array(TPIFrame.hex(TPIFrame.checksum(of: body)).utf8)
        #expect(TPIClientLine(line: line) == .malformed)
    }

    @Test func emptyLineIsSkipped() {
        #expect(TPIClientLine(line: []) == nil)
    }

    @Test func beforeLoginOnlyALoginAndABadChecksumCount() throws {
        let login = try TPIFrame(code: "005", data: "user")
        #expect(TPIClientLine.frame(login).handling(loggedIn: false) == .login(password: "user"))
        #expect(TPIClientLine.badChecksum(prefix: "000").handling(loggedIn: false) == .answer(EVLFrames.badChecksum))
        for ignored: TPIClientLine in [.frame(try TPIFrame(code: "000")), .malformed, .overflow] {
            #expect(ignored.handling(loggedIn: false) == .ignore)
        }
    }

    @Test func afterLoginEveryLineIsAnsweredOrACommand() throws {
        let poll = try TPIFrame(code: "000")
        #expect(TPIClientLine.frame(poll).handling(loggedIn: true) == .command(poll))
        #expect(TPIClientLine.badChecksum(prefix: "000").handling(loggedIn: true) == .answer(EVLFrames.badChecksum))
        #expect(TPIClientLine.malformed.handling(loggedIn: true) == .answer(SystemError.syntaxError.frame))
        #expect(TPIClientLine.overflow.handling(loggedIn: true) == .answer(SystemError.receiveBufferOverflow.frame))
    }
}
