import EnvisalinkTPI
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The TPI session with no sockets and no clock: lines in, actions out.
@Suite("TPI session state machine")
struct SessionStateMachineTests {
    typealias Machine = TPISessionStateMachine
    private let start = ContinuousClock.now
    private let configuration = TPISessionConfiguration()

    private func line(_ wire: String) -> TPILine { TPILine.parse(Array(wire.utf8)) }

    private func frame(_ code: String, _ data: String = "") -> TPIFrame { try! TPIFrame(code: code, data: data) }

    private func sent(_ actions: [Machine.Action]) -> [String] {
        actions.compactMap { if case let .send(frame) = $0 { "\(frame.code)\(frame.data)" } else { nil } }
    }

    private func reports(_ actions: [Machine.Action]) -> [Machine.Report] {
        actions.compactMap { if case let .report(report) = $0 { report } else { nil } }
    }

    private func closes(_ actions: [Machine.Action]) -> Bool {
        actions.contains { if case .close = $0 { true } else { false } }
    }

    /// A machine that has logged in and had its status request acknowledged.
    private func loggedIn() -> Machine {
        var machine = Machine(configuration: configuration, login: frame("005", "user"))
        _ = machine.connected()
        _ = machine.received(line("5053CD"), now: start)
        _ = machine.received(line("5000052A"), now: start)
        _ = machine.received(line("5051CB"), now: start)
        _ = machine.received(line("50000126"), now: start)
        return machine
    }

    @Test func loginFollowsTheEVL() {
        var machine = Machine(configuration: configuration, login: frame("005", "user"))
        #expect(machine.connected() == [.startTimer(.login, after: .seconds(10))])
        #expect(sent(machine.received(line("5053CD"), now: start)) == ["005user"])
        #expect(machine.received(line("5000052A"), now: start).isEmpty)
        let actions = machine.received(line("5051CB"), now: start)
        #expect(actions.contains(.cancelTimer(.login)))
        #expect(reports(actions).contains(.loggedIn))
        #expect(sent(actions) == ["001"], "a status dump resynchronises the state")
        #expect(actions.contains(.startTimer(.poll, after: .seconds(60))))
        #expect(machine.isReady)
    }

    @Test func wrongPasswordClosesAndSaysSo() {
        var machine = Machine(configuration: configuration, login: frame("005", "bad"))
        _ = machine.connected()
        _ = machine.received(line("5053CD"), now: start)
        _ = machine.received(line("5000052A"), now: start)
        let actions = machine.received(line("5050CA"), now: start)
        #expect(reports(actions).contains(.wrongPassword))
        #expect(closes(actions))
        #expect(!machine.isReady)
    }

    @Test func loginTimeoutClosesTheLink() {
        var machine = Machine(configuration: configuration, login: frame("005", "user"))
        _ = machine.connected()
        let actions = machine.timerFired(.login, now: start + .seconds(10))
        #expect(reports(actions).contains(.loginTimedOut))
        #expect(closes(actions))
    }

    @Test func oneCommandInFlightUntilAcknowledged() {
        var machine = loggedIn()
        let arm = CommandTicket(frame: frame("030", "1"), id: UUID())
        let disarm = CommandTicket(frame: frame("040", "11234"), id: UUID())
        #expect(sent(machine.submit(arm, now: start)) == ["0301"])
        #expect(sent(machine.submit(disarm, now: start)).isEmpty, "waits for the ack of 030")
        let acked = machine.received(line("50003028"), now: start)
        #expect(reports(acked).contains(.commandFinished(arm, .accepted)))
        #expect(sent(acked) == ["04011234"])
    }

    @Test func badChecksumReplyIsRetriedWithBackoff() {
        var machine = loggedIn()
        let arm = CommandTicket(frame: frame("030", "1"), id: UUID())
        _ = machine.submit(arm, now: start)
        let rejected = machine.received(line("50196"), now: start)
        #expect(rejected.contains(.startTimer(.retry, after: .milliseconds(100))))
        #expect(sent(machine.timerFired(.retry, now: start)) == ["0301"])
    }

    @Test func retryableSystemErrorRetriesOthersFailTheCommand() {
        var machine = loggedIn()
        let arm = CommandTicket(frame: frame("030", "1"), id: UUID())
        _ = machine.submit(arm, now: start)
        #expect(machine.received(line("50200128"), now: start).contains(.startTimer(.retry, after: .milliseconds(100))))
        _ = machine.timerFired(.retry, now: start)
        let refused = machine.received(line("5020242D"), now: start)
        guard case .commandFinished(arm, .failed(.panelError(let error))) = reports(refused).first else {
            Issue.record("expected the command to fail with the panel error, got \(refused)")
            return
        }
        #expect(error.code == 24)
    }

    @Test func missedAcknowledgementMeansADeadLink() {
        var machine = loggedIn()
        _ = machine.submit(CommandTicket(frame: frame("000"), id: UUID()), now: start)
        #expect(closes(machine.timerFired(.acknowledgement, now: start + .seconds(5))))
    }

    /// Issue 20: with a 2-s poll, a link that dies right after a poll was found dead 7 s later
    /// (the next poll, then 5 s for its ack); the ack may take at most half a poll interval.
    @Test func aPollsAcknowledgementMayTakeAtMostAPollInterval() {
        let short = TPISessionConfiguration(pollInterval: .seconds(2))
        #expect(short.acknowledgementTimeout == .seconds(1))
        #expect(TPISessionConfiguration(acknowledgementTimeout: .milliseconds(500), pollInterval: .seconds(2)).acknowledgementTimeout == .milliseconds(500))
        #expect(TPISessionConfiguration().acknowledgementTimeout == .seconds(5), "the default poll (60 s) keeps the 5-s wait")
        var machine = Machine(configuration: short, login: frame("005", "user"))
        _ = machine.connected()
        _ = machine.received(line("5053CD"), now: start)
        _ = machine.received(line("5000052A"), now: start)
        _ = machine.received(line("5051CB"), now: start)
        _ = machine.received(line("50000126"), now: start)
        let poll = machine.timerFired(.poll, now: start + .seconds(2))
        #expect(sent(poll) == ["000"])
        #expect(poll.contains(.startTimer(.acknowledgement, after: .seconds(1))))
    }

    @Test func pollWhenIdleOnly() {
        var machine = loggedIn()
        let idle = machine.timerFired(.poll, now: start + .seconds(60))
        #expect(sent(idle) == ["000"])
        #expect(idle.contains(.startTimer(.poll, after: .seconds(60))))
        let busy = machine.timerFired(.poll, now: start + .seconds(120))
        #expect(sent(busy).isEmpty, "a poll is still in flight")
    }

    @Test func codeRequestAnsweredOnlyRightAfterOurCommand() {
        var machine = loggedIn()
        let command = UUID()
        _ = machine.submit(CommandTicket(frame: frame("032", "1"), id: command), now: start)
        _ = machine.received(line("5000322A"), now: start)
        #expect(reports(machine.received(line("90099"), now: start + .seconds(1)))
            == [.codeRequested(partition: nil, frame: frame("900", ""), command: command)])
        let late = reports(machine.received(line("90099"), now: start + .seconds(600)))
        guard case .codeRequestIgnored = late.first else {
            Issue.record("a late code request must not be answered, got \(late)")
            return
        }
    }

    @Test func aRepromptingPanelGetsTheCodeOncePerCommand() {
        var machine = loggedIn()
        let command = UUID()
        _ = machine.submit(CommandTicket(frame: frame("032", "1"), id: command), now: start)
        _ = machine.received(line("5000322A"), now: start)
        #expect(reports(machine.received(line("90099"), now: start + .seconds(1)))
            == [.codeRequested(partition: nil, frame: frame("900", ""), command: command)])
        // The integrator answers with `200` and the code, which the panel acknowledges, then asks again.
        _ = machine.submit(CommandTicket(frame: frame("200", "123456"), id: UUID()), now: start + .seconds(2))
        _ = machine.received(line("500200" + frame("500", "200").checksum), now: start + .seconds(2))
        let again = reports(machine.received(line("90099"), now: start + .seconds(3)))
        guard case .codeRequestIgnored = again.first else {
            Issue.record("the code goes out at most once per command, got \(again)")
            return
        }
    }

    @Test func unsolicitedCodeRequestIsIgnored() {
        var machine = loggedIn()
        guard case .codeRequestIgnored = reports(machine.received(line("90099"), now: start)).first else {
            Issue.record("a code request with no command of ours must not be answered")
            return
        }
    }

    @Test func panelMessagesAreReportedAndInvalidLinesSkipped() {
        var machine = loggedIn()
        guard case .message(_, let frame) = reports(machine.received(line("60900130"), now: start)).first else {
            Issue.record("a zone message must be reported")
            return
        }
        #expect(frame.code == "609")
        guard case .protocolProblem = reports(machine.received(line("60900131"), now: start)).first else {
            Issue.record("a bad checksum must be reported as a problem")
            return
        }
        #expect(machine.isReady)
    }

    @Test func errorRepliesWithNoCommandInFlightAreReportedAsThePanels() {
        var machine = loggedIn()
        let error = frame("502", "017")
        #expect(reports(machine.received(line("502017" + error.checksum), now: start))
                == [.unpromptedError(.panelError(SystemError(code: 17)))])
        #expect(reports(machine.received(line("501" + frame("501").checksum), now: start))
                == [.unpromptedError(.rejected("the panel reported a bad checksum"))])
    }

    @Test func disconnectFailsQueuedCommandsAndLeavesTheOneInFlightUnknown() {
        var machine = loggedIn()
        let first = CommandTicket(frame: frame("060", "3"), id: UUID())
        let second = CommandTicket(frame: frame("031", "1"), id: UUID())
        _ = machine.submit(first, now: start)
        _ = machine.submit(second, now: start)
        let finished = reports(machine.disconnected(reason: "reset"))
        #expect(finished.contains(.commandFinished(second, .failed(.linkLost("reset")))), "the queued command was never sent")
        #expect(finished.contains(.commandFinished(first, .failed(.unacknowledged("reset")))),
                "the command in flight may have been carried out: it must not look unsent")
        #expect(reports(machine.submit(first, now: start)) == [.commandFinished(first, .failed(.linkLost("the panel link is not up")))])
    }
}
