import AlarmCore
import EnvisalinkTPI
import TPIProxy
import Testing

/// The proxy's side of one client's session, byte by byte against the reference's tables, with no
/// sockets and no clock.
@Suite("TPI proxy session")
struct ProxySessionTests {
    static let control = TPIProxyClientConfig(name: "homeassistant", password: Secret("ha1234"), permission: .control)
    static let reader = TPIProxyClientConfig(name: "viewer", password: Secret("view99"))
    static let clock = TPIProxyClientConfig(name: "clock", password: Secret("clk777"), allowedRawCodes: ["010"])
    let clients = [Self.control, Self.reader, Self.clock]
    let start = ContinuousClock.now

    private func line(_ wire: String) -> TPIClientLine {
        TPIClientLine(line: Array(wire.utf8))!
    }

    private func frame(_ wire: String) -> TPIFrame {
        try! TPIFrame(code: String(wire.prefix(3)), data: String(wire.dropFirst(3)))
    }

    /// The lines sent, as on the wire without CRLF, and the other actions as they are.
    private func wire(_ actions: [ProxySession.Action]) -> [String] {
        actions.map { action in
            if case let .send(frame) = action { return frame.code + frame.data + frame.checksum }
            return "\(action)"
        }
    }

    private func loggedIn(as password: String, admit: Bool = true) -> ProxySession {
        var session = ProxySession(partitionCount: 2)
        _ = session.received(line(login(password)), now: start, clients: clients) { _ in admit }
        return session
    }

    private func login(_ password: String) -> String {
        framed("005" + password)
    }

    /// `text` with its checksum.
    private func framed(_ text: String) -> String {
        text + TPIFrame.hex(TPIFrame.checksum(of: text.utf8))
    }

    private func send(_ session: inout ProxySession, _ wire: String, after seconds: Int = 0) -> [String] {
        self.wire(session.received(line(wire), now: start + .seconds(seconds), clients: clients) { _ in true })
    }

    @Test func asksForThePasswordFirst() {
        #expect(wire(ProxySession(partitionCount: 1).connected()) == ["5053CD"])
    }

    @Test func aClientsPasswordLogsItIn() {
        var session = ProxySession(partitionCount: 2)
        let actions = session.received(line(login("ha1234")), now: start, clients: clients) { _ in true }
        #expect(wire(actions) == ["5000052A", "5051CB"])
        #expect(session.state == .loggedIn(client: "homeassistant"))
        #expect(session.client?.permission == .control)
    }

    @Test func aWrongPasswordIsRefusedCountedAndClosed() {
        var session = ProxySession(partitionCount: 2)
        let actions = session.received(line(login("nope12")), now: start, clients: clients) { _ in true }
        #expect(wire(actions) == ["5000052A", "5050CA", "countFailedLogin", "close(reason: \"wrong password\")"])
        #expect(session.state == .closed)
        #expect(session.received(line("00090"), now: start, clients: clients) { _ in true }.isEmpty)
    }

    @Test func aPasswordOverSixCharactersGetsNoAnswer() {
        var session = ProxySession(partitionCount: 2)
        #expect(session.received(line(login("ha12345")), now: start, clients: clients) { _ in true }.isEmpty)
        #expect(session.state == .awaitingPassword)
    }

    @Test func aClientAtItsConnectionLimitIsClosedWithoutARefusal() {
        let session = loggedIn(as: "ha1234", admit: false)
        #expect(session.state == .closed)
        var again = ProxySession(partitionCount: 2)
        let actions = again.received(line(login("ha1234")), now: start, clients: clients) { _ in false }
        #expect(actions.count == 1)
        guard case .close = actions.first else {
            Issue.record("a client over its limit is closed, not told its password is wrong: \(actions)")
            return
        }
    }

    @Test func silenceForTheLoginWindowEndsTheSession() {
        var session = ProxySession(partitionCount: 2)
        #expect(wire(session.loginTimedOut()) == ["5052CC", "close(reason: \"no login within the login window\")"])
        var loggedIn = loggedIn(as: "view99")
        #expect(loggedIn.loginTimedOut().isEmpty)
    }

    @Test func beforeLoginOnlyALoginCountsButABadChecksumIsAnswered() {
        var session = ProxySession(partitionCount: 2)
        #expect(send(&session, "0301C4").isEmpty)
        #expect(send(&session, "00091") == ["50196"])
        #expect(session.state == .awaitingPassword)
    }

    @Test func pollsStatusAndZoneTimersAreAnsweredByTheProxy() {
        var session = loggedIn(as: "view99")
        #expect(send(&session, "00090") == ["50000025"])
        #expect(send(&session, "00191") == ["50000126", "sendStatusReport"])
        #expect(send(&session, "00898") == ["5000082D", "sendZoneTimers"])
    }

    @Test func timestampsAreTheClientsOwn() {
        var session = loggedIn(as: "view99")
        #expect(send(&session, "0551CB") == ["5000552F"])
        #expect(session.timestamps)
        #expect(send(&session, "0550CA") == ["5000552F"])
        #expect(!session.timestamps)
    }

    @Test func aReadClientsArmIsRefusedAsTheEVLRefusesAndAudited() {
        var session = loggedIn(as: "view99")
        let actions = send(&session, "0301C4")
        #expect(actions.first == "5020222B")
        #expect(actions.dropFirst().first?.hasPrefix("refuse(") == true)
        #expect(actions.count == 2)
    }

    @Test func aControlClientsArmGoesToThePanelAndItsAnswerComesBack() {
        var session = loggedIn(as: "ha1234")
        #expect(session.received(line("0301C4"), now: start, clients: clients) { _ in true } == [.forward(frame("0301"))])
        #expect(send(&session, "0311C5") == ["50200128"], "one command in flight per client: the EVL is busy")
        #expect(send(&session, "00090") == ["50000025"], "a poll is answered meanwhile")
        #expect(wire(session.commandFinished(.accepted)) == ["50003028"])
        #expect(session.received(line("0311C5"), now: start, clients: clients) { _ in true } == [.forward(frame("0311"))])
        #expect(wire(session.commandFinished(.failed(.panelError(.notReadyToArm)))) == ["5020242D"])
    }

    @Test func aCommandLostWithTheLinkGetsNoAnswer() {
        var session = loggedIn(as: "ha1234")
        _ = send(&session, "0301C4")
        #expect(session.commandFinished(.failed(.unacknowledged("connection closed"))).isEmpty)
        #expect(session.commandFinished(.accepted).isEmpty, "nothing is in flight any more")
    }

    @Test func theCodeGoesOutOnlyAfterThisClientsCodeRequest() {
        var session = loggedIn(as: "ha1234")
        let early = send(&session, "20012345C")
        #expect(early.first == "5020262F", "a code nobody asked for: code not required")
        _ = send(&session, "0321C6")
        _ = session.commandFinished(.accepted)
        #expect(wire(session.codeRequested(frame("900"), now: start + .seconds(1))) == ["90099"])
        #expect(session.received(line("20012345C"), now: start + .seconds(2), clients: clients) { _ in true }
            == [.forward(frame("2001234"))])
        _ = session.commandFinished(.accepted)
        #expect(send(&session, "20012345C", after: 3).first == "5020262F", "once per code request")
    }

    @Test func aCodeRequestLapsesAfterItsWindow() {
        var session = loggedIn(as: "ha1234")
        _ = session.codeRequested(frame("900"), now: start)
        #expect(send(&session, "20012345C", after: 31).first == "5020262F")
    }

    @Test func aReadClientMayNotSendACode() {
        var session = loggedIn(as: "view99")
        _ = session.codeRequested(frame("900"), now: start)
        #expect(send(&session, "20012345C").first == "5020222B")
    }

    @Test func rawCodesAreAllowedOnlyByTheirList() {
        var clock = loggedIn(as: "clk777")
        let setTime = frame("0101230112526")
        let wire = framed("0101230112526")
        #expect(clock.received(line(wire), now: start, clients: clients) { _ in true } == [.forward(setTime)])
        var viewer = loggedIn(as: "view99")
        #expect(send(&viewer, wire).first == "5020222B")
        var control = loggedIn(as: "ha1234")
        #expect(send(&control, wire).first == "5020222B", "control covers arm, disarm and panic only")
    }

    @Test func linesTheEVLCannotTakeGetItsErrors() {
        var session = loggedIn(as: "view99")
        #expect(send(&session, "0000") == ["50196"], "the checksum of 000 is 90")
        #expect(send(&session, framed("000X")) == ["5020252E"], "a poll has no data")
        #expect(session.received(.overflow, now: start, clients: clients) { _ in true }
            == [.send(SystemError.receiveBufferOverflow.frame)])
        #expect(session.received(.malformed, now: start, clients: clients) { _ in true }
            == [.send(SystemError.syntaxError.frame)])
    }

    @Test func aClientThatKeepsSendingWhatItMayNotIsClosed() {
        var session = loggedIn(as: "view99")
        for _ in 1..<ProxySession.refusalLimit {
            #expect(send(&session, "0301C4").count == 2)
        }
        #expect(send(&session, "0301C4").last == "close(reason: \"20 commands refused\")")
        #expect(session.state == .closed)
    }

    @Test func onlyLoggedInClientsHearThePanel() {
        let waiting = ProxySession(partitionCount: 2)
        #expect(waiting.panelSent(frame("609001")).isEmpty)
        let session = loggedIn(as: "view99")
        #expect(wire(session.panelSent(frame("609001"))) == ["60900130"])
    }

    @Test func theSessionEndsOnce() {
        var session = loggedIn(as: "view99")
        #expect(session.end(reason: "the panel link is down") == [.close(reason: "the panel link is down")])
        #expect(session.end(reason: "again").isEmpty)
        #expect(session.panelSent(frame("609001")).isEmpty)
    }
}
